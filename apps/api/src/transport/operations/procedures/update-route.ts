import { DomainError } from '@switchyard/domain/errors';
import { updateRouteInput } from '@switchyard/domain/transport/operations/schemas';
import { updateRoute as patchRoute } from '@switchyard/db/transport/operations/routes';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { loadRouteDetail } from '../load-route.ts';
import { stopValues } from '@switchyard/db/transport/operations/route-defaults';
import { routeDetailOutput } from '../output-schemas.ts';
import { checkRiders } from '../../live/check-riders.ts';

export const updateRoute = tenantProcedure.meta({ rest: { method: 'PUT', path: '/api/routes/{route_id}', status: 200, input: 'json', access: 'tenant', tags: ['routes'], summary: 'Change a route; `stops` replaces every stop', errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'] } }).output(routeDetailOutput).input(updateRouteInput).mutation(async ({ ctx, input }) => {
  const { route_id: routeId, stops, ...fields } = input;
  const em = ctx.db.fork();
  const before = await loadRouteDetail(em, ctx.tenantId, routeId);
  if (stops !== undefined || (fields.mode !== undefined && fields.mode !== before.mode)) {
    // New riders, or the old ones in a new direction.
    await checkRiders(em, ctx.tenantId, { mode: fields.mode ?? before.mode, stops: stops ?? before.stops }, routeId);
  }
  const found = await patchRoute(em, ctx.tenantId, routeId, { ...fields, ...(stops ? { stops: stops.map(stopValues) } : {}) }, ctx.now());
  if (!found) {
    throw new DomainError('not_found', 'Route not found');
  }
  const changed = Object.keys(fields).filter((field) => fields[field as keyof typeof fields] !== undefined) as (keyof typeof fields & keyof typeof before)[];
  await auditStaffWrite(ctx, {
    action: 'route.update',
    resource: `route:${routeId}`,
    details: {
      from: { ...Object.fromEntries(changed.map((field) => [field, before[field]])), ...(stops ? { stops: before.stops } : {}) },
      to: { ...Object.fromEntries(changed.map((field) => [field, fields[field]])), ...(stops ? { stops } : {}) },
    },
  });

  return loadRouteDetail(em, ctx.tenantId, routeId);
});
