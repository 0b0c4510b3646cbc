import { readDashboardStats } from '@switchyard/db/transport/billing/dashboard-stats';
import { tenantProcedure } from '../../trpc.ts';

export const dashboardStats = tenantProcedure.query(({ ctx }) => readDashboardStats(ctx.db.fork(), ctx.tenantId, ctx.now()));
