import { readOutstanding } from '@switchyard/db/transport/billing/invoices';
import { tenantProcedure } from '../../trpc.ts';
import { outstandingOutput } from '../output-schemas.ts';
import { presentOutstanding } from '../presenters.ts';

export const listOutstanding = tenantProcedure.meta({ rest: { method: 'GET', path: '/api/billing/outstanding', status: 200, access: 'tenant', tags: ['billing'], summary: 'Outstanding amounts per household and payer', errors: ['unauthorized', 'forbidden'] } }).output(outstandingOutput).query(async ({ ctx }) => presentOutstanding(await readOutstanding(ctx.db.fork(), ctx.tenantId)));
