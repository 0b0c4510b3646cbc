import { busLocationInput } from '@switchyard/domain/transport/operations/schemas';
import { reportBusLocation as saveLocation } from '@switchyard/db/transport/operations/buses';
import { tenantProcedure } from '../../trpc.ts';
import { statusOkOutput } from '../output-schemas.ts';

export const reportBusLocation = tenantProcedure.meta({ rest: { method: 'PUT', path: '/api/buses/{bus_id}/location', status: 200, input: 'json', access: 'tenant', tags: ['buses'], summary: "A tracker's position report; an unknown bus id registers the bus", errors: ['unauthorized', 'forbidden'] } }).output(statusOkOutput).input(busLocationInput).mutation(async ({ ctx, input }) => {
  await saveLocation(
    ctx.db.fork(),
    ctx.tenantId,
    input.bus_id,
    { lat: input.lat, lng: input.lng, heading: input.heading ?? null, speed: input.speed ?? null },
    ctx.now(),
  );

  return { status: 'ok' as const };
});
