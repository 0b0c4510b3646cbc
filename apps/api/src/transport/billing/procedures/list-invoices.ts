import { listInvoicesInput } from '@switchyard/domain/transport/billing/schemas';
import { listTenantInvoices } from '@switchyard/db/transport/billing/invoice-lifecycle';
import { tenantProcedure } from '../../trpc.ts';
import { invoiceListOutput } from '../invoice-outputs.ts';

export const listInvoices = tenantProcedure
  .input(listInvoicesInput)
  .output(invoiceListOutput)
  .query(({ ctx, input }) => listTenantInvoices(ctx.db.fork(), ctx.tenantId, { status: input.status, householdId: input.household_id }));
