import { invoiceRefInput } from '@switchyard/domain/transport/billing/schemas';
import { tenantProcedure } from '../../trpc.ts';
import { invoiceAnswer } from '../invoice-answer.ts';
import { invoiceDetailOutput } from '../invoice-outputs.ts';

export const getInvoice = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/billing/invoices/{invoice_id}',
      status: 200,
      access: 'tenant',
      tags: ['billing'],
      summary: 'One invoice with its payments',
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .input(invoiceRefInput)
  .output(invoiceDetailOutput)
  .query(({ ctx, input }) => invoiceAnswer(ctx, input.invoice_id));
