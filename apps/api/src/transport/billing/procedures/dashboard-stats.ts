import { readDashboardStats } from '@switchyard/db/transport/billing/dashboard-stats';
import { tenantProcedure } from '../../trpc.ts';
import { dashboardStatsOutput } from '../output-schemas.ts';

export const dashboardStats = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/dashboard/stats',
      status: 200,
      access: 'tenant',
      tags: ['dashboard'],
      summary: 'Pending registrations, active buses and children, routes',
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(dashboardStatsOutput)
  .query(({ ctx }) => readDashboardStats(ctx.em, ctx.tenantId, ctx.now()));
