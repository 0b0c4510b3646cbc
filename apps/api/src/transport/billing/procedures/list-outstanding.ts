import { readOutstanding } from '@switchyard/db/transport/billing/invoices';
import { tenantProcedure } from '../../trpc.ts';

export const listOutstanding = tenantProcedure.query(({ ctx }) => readOutstanding(ctx.db.fork(), ctx.tenantId));
