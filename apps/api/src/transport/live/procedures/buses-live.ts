import { z } from 'zod';
import { DomainError } from '@switchyard/domain/errors';
import { latestPositions } from '@switchyard/db/transport/live/positions';
import { tenantProcedure } from '../../trpc.ts';
import { lastEventTime } from '../last-event-id.ts';

/**
 * The tenant's buses as they move, for the operator's map. On open one `location` event per bus
 * with a position (only those newer than Last-Event-ID on a reconnect), then one per report.
 */
export const busesLive = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/buses/live',
      status: 200,
      access: 'tenant',
      tags: ['buses'],
      streamsBody: 'text/event-stream',
      summary: "Live positions of the tenant's buses (Server-Sent Events: `location` events with `{bus_id, lat, lng, heading, speed, last_update}`, id = the position's time in ms; Last-Event-ID resumes)",
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(z.strictObject({ streaming: z.literal(true) }))
  .query(async ({ ctx }) => {
    if (!ctx.transport.sendStream) {
      throw new DomainError('validation_error', 'Open live positions from the REST path.');
    }
    const since = lastEventTime(ctx.lastEventId);
    const tenantId = ctx.tenantId;
    const stream = ctx.live.open({
      tenantId,
      accept: () => true,
      resync: () => latestPositions(ctx.db.fork(), tenantId),
      onError: (error) => ctx.logger.warn({ err: error }, 'live positions could not be read again'),
    });
    try {
      for (const position of await latestPositions(ctx.db.fork(), tenantId, { newerThan: since })) {
        stream.sendPosition(position);
      }
    } catch (error) {
      stream.events.end();
      throw error;
    }
    ctx.transport.sendStream({ contentType: 'text/event-stream; charset=utf-8', chunks: stream.events });

    return { streaming: true as const };
  });
