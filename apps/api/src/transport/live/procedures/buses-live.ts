import { z } from 'zod';
import { DomainError } from '@switchyard/domain/errors';
import { tenantProcedure } from '../../trpc.ts';
import { streamPositions } from './stream-positions.ts';

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
      summary:
        "Live positions of the tenant's buses (Server-Sent Events: `location` events with `{bus_id, lat, lng, heading, speed, last_update}`, id = the position's time in ms; Last-Event-ID resumes)",
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(z.strictObject({ streaming: z.literal(true) }))
  .query(async ({ ctx }) => {
    if (!ctx.transport.sendStream) {
      throw new DomainError('validation_error', 'Open live positions from the REST path.');
    }

    return streamPositions(ctx, ctx.transport.sendStream, { accept: () => true });
  });
