import { DomainError } from '@switchyard/domain/errors';
import { assertSendable } from '@switchyard/domain/transport/billing/invoice-lifecycle';
import { invoiceRefInput } from '@switchyard/domain/transport/billing/schemas';
import { invoiceState } from '@switchyard/db/transport/billing/invoice-lifecycle';
import { markInvoiceSent, payerContact } from '@switchyard/db/transport/billing/invoices';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { invoiceAnswer } from '../invoice-answer.ts';
import { invoiceDetailOutput } from '../invoice-outputs.ts';
import { presentInvoice } from '../presenters.ts';
import { sendWeeklyInvoiceMail } from '../weekly-invoice-mail.ts';

/**
 * Mails a draft or pending invoice to its payer, with a payment link when a provider is
 * configured, and marks it `sent`. A payer without an email is 409; a mail server that refuses is
 * 502 and the invoice stays as it was, so sending again is safe.
 */
export const sendInvoice = tenantProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/billing/invoices/{invoice_id}/send',
      status: 200,
      access: 'tenant',
      tags: ['billing'],
      summary: 'Mail a draft or pending invoice to its payer (with a payment link when a provider is configured)',
      errors: ['unauthorized', 'forbidden', 'not_found', 'conflict', 'bad_gateway'],
    },
  })
  .input(invoiceRefInput)
  .output(invoiceDetailOutput)
  .mutation(async ({ ctx, input }) => {
    const { row, state } = await invoiceState(ctx.em, ctx.tenantId, input.invoice_id);
    assertSendable(state);
    const invoice = presentInvoice(row);
    const sent = await sendWeeklyInvoiceMail(ctx, invoice);
    if (!sent) {
      const payer = invoice.payer_id ? await payerContact(ctx.em, invoice.payer_id) : null;
      throw payer?.email
        ? new DomainError('bad_gateway', 'The invoice email could not be sent; try again.')
        : new DomainError('conflict', 'The payer has no email address.');
    }
    const updated = await markInvoiceSent(ctx.em, invoice.id, {
      at: ctx.now(),
      provider: sent.provider,
      paymentUrl: sent.paymentUrl,
      providerRef: sent.providerRef,
    });
    if (!updated) {
      throw new DomainError('conflict', 'The invoice changed while it was being sent.');
    }
    await auditStaffWrite(ctx, {
      action: 'invoice.send',
      resource: `invoice:${invoice.id}`,
      householdId: invoice.household_id,
      details: { status: { from: invoice.status, to: 'sent' }, email: sent.email, payment_url: sent.paymentUrl },
    });

    return invoiceAnswer(ctx, invoice.id);
  });
