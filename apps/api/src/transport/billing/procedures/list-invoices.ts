import { listInvoicesInput } from '@switchyard/domain/transport/billing/schemas';
import { listTenantInvoices } from '@switchyard/db/transport/billing/invoice-lifecycle';
import { tenantProcedure } from '../../trpc.ts';
import { invoiceListOutput } from '../invoice-outputs.ts';
import { presentInvoice } from '../presenters.ts';

export const listInvoices = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/billing/invoices',
      status: 200,
      input: 'query',
      access: 'tenant',
      tags: ['billing'],
      summary: "The tenant's invoices, newest first; filter by status (or `outstanding`) and household",
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .input(listInvoicesInput)
  .output(invoiceListOutput)
  .query(async ({ ctx, input }) =>
    (await listTenantInvoices(ctx.em, ctx.tenantId, { status: input.status, householdId: input.household_id })).map(presentInvoice),
  );
