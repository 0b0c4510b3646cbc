import { routeRefInput } from '@switchyard/domain/transport/operations/schemas';
import { tenantProcedure } from '../../trpc.ts';
import { loadRouteDetail } from '../load-route.ts';
import { routeDetailOutput } from '../output-schemas.ts';

export const getRoute = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/routes/{route_id}',
      status: 200,
      access: 'tenant',
      tags: ['routes'],
      summary:
        'A route with its stops and runs; `rider_warnings` are riders placed where they do not fit (by an override), `unplaced_children` the active children of the schools the route serves without a stop for a run they ride',
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .output(routeDetailOutput)
  .input(routeRefInput)
  .query(({ ctx, input }) => loadRouteDetail(ctx.em, ctx.tenantId, input.route_id));
