import { listActiveChildren } from '@switchyard/db/transport/billing/children';
import { tenantProcedure } from '../../trpc.ts';

export const listChildren = tenantProcedure.query(({ ctx }) => listActiveChildren(ctx.db.fork(), ctx.tenantId));
