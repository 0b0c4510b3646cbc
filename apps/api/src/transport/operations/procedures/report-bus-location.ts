import { busLocationInput } from '@switchyard/domain/transport/operations/schemas';
import { reportBusLocation as saveLocation } from '@switchyard/db/transport/operations/buses';
import { tenantProcedure } from '../../trpc.ts';
import { statusOkOutput } from '../output-schemas.ts';
import { advanceTrip } from '../../live/trip-progress.ts';

export const reportBusLocation = tenantProcedure.meta({ rest: { method: 'PUT', path: '/api/buses/{bus_id}/location', status: 200, input: 'json', access: 'tenant', tags: ['buses'], summary: "A tracker's position report; an unknown bus id registers the bus, and every live viewer of the tenant hears of it", errors: ['unauthorized', 'forbidden'] } }).output(statusOkOutput).input(busLocationInput).mutation(async ({ ctx, input }) => {
  const em = ctx.db.fork();
  const at = ctx.now();
  const position = { lat: input.lat, lng: input.lng, heading: input.heading ?? null, speed: input.speed ?? null };
  await saveLocation(em, ctx.tenantId, input.bus_id, position, at);
  await ctx.live.feed.publish(em, { tenant_id: ctx.tenantId, bus_id: input.bus_id, ...position, at_ms: at.getTime() });
  try {
    await advanceTrip(ctx, ctx.tenantId, input.bus_id, { lat: input.lat, lng: input.lng, speed: position.speed, at });
  } catch (error) {
    // The position is stored and sent; arrivals and estimates catch up with the next report.
    ctx.logger.error({ err: error, bus_id: input.bus_id }, 'trip progress failed for a location report');
  }

  return { status: 'ok' as const };
});
