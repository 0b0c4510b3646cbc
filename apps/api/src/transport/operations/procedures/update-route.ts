import { DomainError } from '@switchyard/domain/errors';
import { updateRouteInput } from '@switchyard/domain/transport/operations/schemas';
import { updateRoute as patchRoute } from '@switchyard/db/transport/operations/routes';
import { tenantProcedure } from '../../trpc.ts';
import { loadRouteDetail } from '../load-route.ts';
import { stopValues } from '@switchyard/db/transport/operations/route-defaults';

export const updateRoute = tenantProcedure.meta({ rest: { method: 'PUT', path: '/api/routes/{route_id}', status: 200, input: 'json', access: 'tenant', tags: ['routes'], summary: 'Change a route; `stops` replaces every stop', errors: ['unauthorized', 'forbidden', 'not_found'] } }).input(updateRouteInput).mutation(async ({ ctx, input }) => {
  const { route_id: routeId, stops, ...fields } = input;
  const em = ctx.db.fork();
  const found = await patchRoute(em, ctx.tenantId, routeId, { ...fields, ...(stops ? { stops: stops.map(stopValues) } : {}) }, ctx.now());
  if (!found) {
    throw new DomainError('not_found', 'Route not found');
  }

  return loadRouteDetail(em, ctx.tenantId, routeId);
});
