import { createRouteInput } from '@switchyard/domain/transport/operations/schemas';
import { newRouteValues } from '@switchyard/db/transport/operations/route-defaults';
import { createRoute as insertRoute } from '@switchyard/db/transport/operations/routes';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { loadRouteDetail } from '../load-route.ts';
import { routeDetailOutput } from '../output-schemas.ts';
import { checkRiders } from '../../live/check-riders.ts';

export const createRoute = tenantProcedure.meta({ rest: { method: 'POST', path: '/api/routes', status: 200, input: 'json', access: 'tenant', tags: ['routes'], summary: 'Create a route with ordered stops; its id is a slug of its name', errors: ['unauthorized', 'forbidden', 'conflict'] } }).output(routeDetailOutput).input(createRouteInput).mutation(async ({ ctx, input }) => {
  const em = ctx.db.fork();
  const values = newRouteValues(input);
  await checkRiders(em, ctx.tenantId, values, null);
  const id = await insertRoute(em, ctx.tenantId, values, ctx.now());
  await auditStaffWrite(ctx, { action: 'route.create', resource: `route:${id}`, details: { to: input } });

  return loadRouteDetail(em, ctx.tenantId, id);
});
