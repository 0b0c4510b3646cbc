import { recordPaymentInput } from '@switchyard/domain/transport/billing/schemas';
import { recordInvoicePayment } from '@switchyard/db/transport/billing/invoice-lifecycle';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { invoiceAnswer } from '../invoice-answer.ts';
import { invoiceDetailOutput } from '../invoice-outputs.ts';
import { expireCheckouts } from '../payment-links.ts';
import { tenantTimeZone } from '../tenant-day.ts';
import { TRANSPORT_MAIL_SOURCE } from '../../live/trip-progress.ts';

/**
 * A payment received outside the providers (cash, a cheque, a transfer): `partial` until the
 * invoice is covered, then `paid`. The day received lies between the invoice's date and the
 * tenant's today; more than the balance only with `excess_as_credit`, the excess then being kept
 * as household credit. The invoice's open checkout is expired: it was made for the old balance.
 */
export const recordPayment = tenantProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/billing/invoices/{invoice_id}/payments',
      status: 201,
      input: 'json',
      access: 'tenant',
      tags: ['billing'],
      summary:
        "Record a payment: partial until covered, then paid. paid_at after the tenant's today or before the invoice's date is 400; more than owed without excess_as_credit, or a void, paid or unsent invoice, is 409",
      errors: ['validation_error', 'unauthorized', 'forbidden', 'not_found', 'conflict'],
    },
  })
  .input(recordPaymentInput)
  .output(invoiceDetailOutput)
  .mutation(async ({ ctx, input }) => {
    const amountCents = Math.round(input.amount * 100);
    const paidOn = input.paid_at && input.paid_at.length === 10 ? input.paid_at : null;
    const paidAt = input.paid_at && input.paid_at.length > 10 ? new Date(input.paid_at) : null;
    const recorded = await recordInvoicePayment(ctx.em, {
      tenantId: ctx.tenantId,
      invoiceId: input.invoice_id,
      amountCents,
      method: input.method,
      reference: input.reference ?? null,
      paidOn,
      paidAt,
      timeZone: await tenantTimeZone(ctx),
      excessAsCredit: input.excess_as_credit,
      recordedBy: ctx.user.email || ctx.user.id,
      at: ctx.now(),
      receiptSource: TRANSPORT_MAIL_SOURCE,
    });
    ctx.wakeMail();
    await auditStaffWrite(ctx, {
      action: 'payment.record',
      resource: `invoice:${input.invoice_id}`,
      householdId: recorded.householdId,
      details: {
        payment_id: recorded.paymentId,
        amount: input.amount,
        method: input.method,
        reference: input.reference ?? null,
        status: { from: recorded.before, to: recorded.after },
        credited: recorded.creditedCents / 100,
        flag: recorded.flag,
      },
    });
    await expireCheckouts(ctx.env, ctx.logger, recorded.expired);

    return invoiceAnswer(ctx, input.invoice_id);
  });
