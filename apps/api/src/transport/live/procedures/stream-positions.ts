import { latestPositions, type PositionMessage } from '@switchyard/db/transport/live/positions';
import type { TransportContext } from '../../context.ts';
import type { EventStream } from '../event-stream.ts';
import { lastEventTime } from '@switchyard/domain/transport/live/last-event-id';

type StreamContext = Pick<TransportContext, 'db' | 'em' | 'live' | 'logger' | 'lastEventId' | 'now'> & { tenantId: string };

/**
 * Opens a viewer's live positions stream and hands it to the REST transport: `first` writes what
 * precedes the positions, then the positions newer than Last-Event-ID (all on a first opening) of
 * `busIds` (every bus of the tenant when absent), then the live feed. If the first read fails the
 * stream is ended, so the hub does not keep it.
 */
export const streamPositions = async (
  ctx: StreamContext,
  sendStream: NonNullable<TransportContext['transport']['sendStream']>,
  options: { accept: (position: PositionMessage) => boolean; busIds?: readonly string[]; first?: (events: EventStream) => void },
): Promise<{ streaming: true }> => {
  const { tenantId } = ctx;
  const only = options.busIds === undefined ? {} : { busIds: options.busIds };
  const stream = ctx.live.open({
    tenantId,
    accept: options.accept,
    // A resync runs while the stream lasts, long after the request that opened it: its own fork per read.
    resync: () => latestPositions(ctx.db.fork(), tenantId, only),
    onError: (error) => ctx.logger.warn({ err: error }, 'live positions could not be read again'),
  });
  options.first?.(stream.events);
  try {
    const since = lastEventTime(ctx.lastEventId, ctx.now());
    for (const position of await latestPositions(ctx.em, tenantId, { ...only, newerThan: since })) {
      stream.sendPosition(position);
    }
  } catch (error) {
    stream.events.end();
    throw error;
  }
  sendStream({ contentType: 'text/event-stream; charset=utf-8', chunks: stream.events });

  return { streaming: true };
};
