import { invoiceRefInput } from '@switchyard/domain/transport/billing/schemas';
import { tenantProcedure } from '../../trpc.ts';
import { invoiceAnswer } from '../invoice-answer.ts';
import { invoiceDetailOutput } from '../invoice-outputs.ts';

export const getInvoice = tenantProcedure
  .input(invoiceRefInput)
  .output(invoiceDetailOutput)
  .query(({ ctx, input }) => invoiceAnswer(ctx, input.invoice_id));
