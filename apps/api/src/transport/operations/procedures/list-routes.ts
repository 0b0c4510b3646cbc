import { listRoutes as listRouteRows } from '@switchyard/db/transport/operations/routes';
import { tenantProcedure } from '../../trpc.ts';
import { presentRouteSummary } from '../presenters.ts';

export const listRoutes = tenantProcedure.query(async ({ ctx }) => (await listRouteRows(ctx.db.fork(), ctx.tenantId)).map(presentRouteSummary));
