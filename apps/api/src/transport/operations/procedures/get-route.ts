import { routeRefInput } from '@switchyard/domain/transport/operations/schemas';
import { tenantProcedure } from '../../trpc.ts';
import { loadRouteDetail } from '../load-route.ts';

export const getRoute = tenantProcedure.input(routeRefInput).query(({ ctx, input }) => loadRouteDetail(ctx.db.fork(), ctx.tenantId, input.route_id));
