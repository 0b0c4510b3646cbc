import { payerContact } from '@switchyard/db/transport/billing/invoices';
import type { InvoiceView } from '@switchyard/db/transport/billing/rows';
import type { TransportContext } from '../context.ts';
import { createPaymentLink } from './payment-links.ts';
import { paymentReturnUrl } from './registration-fee-mail.ts';

export type SentInvoiceMail = { email: string; provider: string | null; paymentUrl: string | null };

/** Mails one weekly invoice to its payer; null when the payer has no email or the mail failed. */
export const sendWeeklyInvoiceMail = async (ctx: TransportContext, invoice: InvoiceView): Promise<SentInvoiceMail | null> => {
  const payer = invoice.payer_id ? await payerContact(ctx.db.fork(), invoice.payer_id) : null;
  if (!payer?.email) {
    return null;
  }
  const amountCents = Math.round(invoice.amount * 100);
  const link = await createPaymentLink(ctx.env, ctx.logger, {
    amountCents,
    name: `School transport ${invoice.cycle_start} to ${invoice.cycle_end}`,
    idempotencyKey: `invoice-${invoice.id}`,
    returnUrl: paymentReturnUrl(ctx),
  });
  const amount = invoice.amount.toFixed(2);
  try {
    await ctx.mail.send({
      to: payer.email,
      subject: `School transport invoice for ${invoice.cycle_start} to ${invoice.cycle_end}`,
      text: [
        `Hello ${payer.name},`,
        '',
        `Your school transport share for the week ${invoice.cycle_start} to ${invoice.cycle_end} is $${amount}.`,
        '',
        link ? `Pay online: ${link.url}` : 'Your transport office will tell you how to pay it.',
        '',
        `Invoice: ${invoice.id}`,
      ].join('\n'),
    });
  } catch (error) {
    ctx.logger.warn({ reason: error instanceof Error ? error.message : String(error), invoice_id: invoice.id }, 'weekly invoice email not sent');

    return null;
  }

  return { email: payer.email, provider: link?.provider ?? null, paymentUrl: link?.url ?? null };
};
