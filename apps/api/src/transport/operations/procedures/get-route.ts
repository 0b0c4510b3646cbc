import { routeRefInput } from '@switchyard/domain/transport/operations/schemas';
import { tenantProcedure } from '../../trpc.ts';
import { loadRouteDetail } from '../load-route.ts';
import { routeDetailOutput } from '../output-schemas.ts';

export const getRoute = tenantProcedure.meta({ rest: { method: 'GET', path: '/api/routes/{route_id}', status: 200, access: 'tenant', tags: ['routes'], summary: 'A route with its stops', errors: ['unauthorized', 'forbidden', 'not_found'] } }).output(routeDetailOutput).input(routeRefInput).query(({ ctx, input }) => loadRouteDetail(ctx.db.fork(), ctx.tenantId, input.route_id));
