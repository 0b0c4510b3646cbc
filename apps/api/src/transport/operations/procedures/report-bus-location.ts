import { busLocationInput } from '@switchyard/domain/transport/operations/schemas';
import { tenantProcedure } from '../../trpc.ts';
import { statusOkOutput } from '../output-schemas.ts';
import { advanceTrip } from '../../live/trip-progress.ts';

export const reportBusLocation = tenantProcedure
  .meta({
    rest: {
      method: 'PUT',
      path: '/api/buses/{bus_id}/location',
      status: 200,
      input: 'json',
      access: 'tenant',
      tags: ['buses'],
      summary: "A tracker's position report; an unknown bus id registers the bus, and every live viewer of the tenant hears of it",
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(statusOkOutput)
  .input(busLocationInput)
  .mutation(async ({ ctx, input }) => {
    const em = ctx.em;
    const at = ctx.now();
    const position = {
      tenant_id: ctx.tenantId,
      bus_id: input.bus_id,
      lat: input.lat,
      lng: input.lng,
      heading: input.heading ?? null,
      speed: input.speed ?? null,
      at_ms: at.getTime(),
    };
    const { drivesActiveRoute } = await ctx.live.feed.store(em, position);
    // A bus without an active route has no trip to advance (the statement above told): no more reads.
    if (!drivesActiveRoute) {
      return { status: 'ok' as const };
    }
    try {
      await advanceTrip(ctx, { id: ctx.tenantId, timeZone: ctx.tenantTimeZone }, input.bus_id, {
        lat: input.lat,
        lng: input.lng,
        speed: position.speed,
        at,
      });
    } catch (error) {
      // The position is stored and sent; arrivals and estimates catch up with the next report.
      ctx.logger.error({ err: error, bus_id: input.bus_id }, 'trip progress failed for a location report');
    }

    return { status: 'ok' as const };
  });
