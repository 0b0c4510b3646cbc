import { destroyConnection, openOwnConnection, type OwnConnection } from '../../own-connection.ts';
import { POSITION_CHANNEL, type PositionMessage } from './positions.ts';

export type PositionListener = { close(): Promise<void> };

const RECONNECT_FIRST_MS = 200;
const RECONNECT_LAST_MS = 5_000;

/**
 * One connection of this process that LISTENs for positions on PostgreSQL, however many viewers it
 * serves. A lost connection is opened again (with backoff); `onResume` is called once it listens
 * again, since notifications sent meanwhile are gone and viewers must read the table instead.
 */
export const listenToPositions = async (options: {
  databaseUrl: string;
  onMessage: (message: PositionMessage) => void;
  onResume: () => void;
  onProblem: (error: unknown) => void;
}): Promise<PositionListener> => {
  let client: OwnConnection | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const open = async (): Promise<void> => {
    // A connection that fails to open is destroyed by openOwnConnection; one that opens but fails
    // to LISTEN is destroyed here, so no retry leaves a connection behind.
    const next = await openOwnConnection(options.databaseUrl, 'live positions');
    next.on('notification', (notification) => {
      if (notification.channel !== POSITION_CHANNEL || !notification.payload) {
        return;
      }
      try {
        options.onMessage(JSON.parse(notification.payload) as PositionMessage);
      } catch (error) {
        options.onProblem(error);
      }
    });
    let lost = false;
    const lose = () => {
      if (lost || client !== next) {
        return;
      }
      lost = true;
      client = null;
      void destroyConnection(next);
      schedule(RECONNECT_FIRST_MS);
    };
    next.on('error', (error) => {
      options.onProblem(error);
      lose();
    });
    next.on('end', lose);
    try {
      // Hand-written, on a connection of its own: LISTEN lasts as long as the connection, which the pool would hand to others.
      await next.query(`listen ${POSITION_CHANNEL}`);
    } catch (error) {
      void destroyConnection(next);
      throw error;
    }
    if (closed) {
      void destroyConnection(next);

      return;
    }
    client = next;
  };

  const schedule = (delay: number) => {
    if (closed || timer) {
      return;
    }
    timer = setTimeout(() => {
      timer = null;
      open().then(options.onResume, (error: unknown) => {
        options.onProblem(error);
        schedule(Math.min(delay * 2, RECONNECT_LAST_MS));
      });
    }, delay);
    timer.unref();
  };

  await open();

  return {
    close: async () => {
      closed = true;
      if (timer) {
        clearTimeout(timer);
      }
      const current = client;
      client = null;
      if (current !== null) {
        await destroyConnection(current);
      }
    },
  };
};
