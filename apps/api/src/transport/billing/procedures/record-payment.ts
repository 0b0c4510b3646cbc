import { recordPaymentInput } from '@switchyard/domain/transport/billing/schemas';
import { recordInvoicePayment } from '@switchyard/db/transport/billing/invoice-lifecycle';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { invoiceAnswer } from '../invoice-answer.ts';
import { invoiceDetailOutput } from '../invoice-outputs.ts';

/** A payment received outside the providers (cash, a cheque, a transfer): `partial` until the invoice is covered, then `paid`. */
export const recordPayment = tenantProcedure
  .meta({ rest: { method: 'POST', path: '/api/billing/invoices/{invoice_id}/payments', status: 201, input: 'json', access: 'tenant', tags: ['billing'], summary: 'Record a payment: partial until covered, then paid; more than owed, void or paid is 409', errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'] } })
  .input(recordPaymentInput)
  .output(invoiceDetailOutput)
  .mutation(async ({ ctx, input }) => {
    const amountCents = Math.round(input.amount * 100);
    const paidAt = input.paid_at ? new Date(input.paid_at.length === 10 ? `${input.paid_at}T12:00:00Z` : input.paid_at) : ctx.now();
    const recorded = await recordInvoicePayment(ctx.db.fork(), {
      tenantId: ctx.tenantId,
      invoiceId: input.invoice_id,
      amountCents,
      method: input.method,
      reference: input.reference ?? null,
      paidAt,
      recordedBy: ctx.user.email || ctx.user.id,
    });
    const answer = await invoiceAnswer(ctx, input.invoice_id);
    await auditStaffWrite(ctx, {
      action: 'payment.record',
      resource: `invoice:${input.invoice_id}`,
      householdId: answer.household_id,
      details: { payment_id: recorded.paymentId, amount: input.amount, method: input.method, reference: input.reference ?? null, status: { from: recorded.before, to: recorded.after } },
    });

    return answer;
  });
