import { listRoutes as listRouteRows } from '@switchyard/db/transport/operations/routes';
import { tenantProcedure } from '../../trpc.ts';
import { presentRouteSummary } from '../presenters.ts';
import { routeSummariesOutput } from '../output-schemas.ts';

export const listRoutes = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/routes',
      status: 200,
      access: 'tenant',
      tags: ['routes'],
      summary: 'Routes of the tenant; `stops` is the stop count',
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(routeSummariesOutput)
  .query(async ({ ctx }) => (await listRouteRows(ctx.em, ctx.tenantId)).map(presentRouteSummary));
