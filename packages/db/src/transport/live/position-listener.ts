import { createRequire } from 'node:module';
import { POSITION_CHANNEL, type PositionMessage } from './positions.ts';

type PgNotification = { channel: string; payload?: string };
type PgClient = {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', listener: (message: PgNotification) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'end', listener: () => void): void;
};
// pg ships without type declarations; the calls used here are typed by hand.
const { Client } = createRequire(import.meta.url)('pg') as { Client: new (options: { connectionString: string }) => PgClient };

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
  let client: PgClient | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const open = async (): Promise<void> => {
    const next = new Client({ connectionString: options.databaseUrl });
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
    next.on('error', (error) => options.onProblem(error));
    next.on('end', () => {
      if (client === next) {
        client = null;
        schedule(RECONNECT_FIRST_MS);
      }
    });
    await next.connect();
    // Hand-written, on a connection of its own: LISTEN lasts as long as the connection, which the pool would hand to others.
    await next.query(`listen ${POSITION_CHANNEL}`);
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
      await current?.end().catch(() => undefined);
    },
  };
};
