import { moneyText, proRataText } from '@switchyard/domain/transport/billing/money-text';
import { payerContact } from '@switchyard/db/transport/billing/invoices';
import type { InvoiceView } from './presenters.ts';
import type { TransportContext } from '../context.ts';
import { invoicePayLink } from './pay/pay-link.ts';

export type SentInvoiceMail = { email: string; provider: string | null; paymentUrl: string | null; providerRef: string | null };

/** How an invoice is named in its mail, on its pay page and on the provider's checkout. */
export const describeInvoice = (
  invoice: Pick<InvoiceView, 'kind' | 'amount' | 'currency' | 'school_days' | 'cycle_start' | 'cycle_end'>,
) => {
  const amount = moneyText(Math.round(invoice.amount * 100), invoice.currency);
  if (invoice.kind === 'registration') {
    return {
      name: 'School transport registration fee',
      subject: 'Your school transport registration fee',
      line: `Your school transport registration fee is ${amount}.`,
    };
  }
  const week = `${invoice.cycle_start} to ${invoice.cycle_end}`;
  // The week of a first pickup after Monday is billed for its school days only, and says so.
  const part =
    invoice.school_days !== null && invoice.cycle_start ? `, ${proRataText(invoice.school_days, invoice.cycle_start)} pro rata,` : '';

  return {
    name: `School transport ${week}`,
    subject: `School transport invoice for ${week}`,
    line: `Your school transport share for the week ${week}${part} is ${amount}.`,
  };
};

/**
 * Mails one invoice (a weekly share or a registration fee) to its payer, with the link of its pay
 * page when a provider is configured; null when the payer has no email or the mail failed.
 */
export const sendWeeklyInvoiceMail = async (ctx: TransportContext, invoice: InvoiceView): Promise<SentInvoiceMail | null> => {
  const payer = invoice.payer_id ? await payerContact(ctx.em, invoice.payer_id) : null;
  if (!payer?.email) {
    return null;
  }
  const text = describeInvoice(invoice);
  // The invoice's pay page, which makes a checkout for the balance when the payer uses it.
  const link = await invoicePayLink(ctx, invoice.id);
  try {
    await ctx.mail.send({
      to: payer.email,
      subject: text.subject,
      text: [
        `Hello ${payer.name},`,
        '',
        text.line,
        '',
        link ? `Pay online: ${link.url}` : 'Your transport office will tell you how to pay it.',
        '',
        `Invoice: ${invoice.id}`,
      ].join('\n'),
    });
  } catch (error) {
    ctx.logger.warn({ reason: error instanceof Error ? error.message : String(error), invoice_id: invoice.id }, 'invoice email not sent');

    return null;
  }

  return { email: payer.email, provider: link?.provider ?? null, paymentUrl: link?.url ?? null, providerRef: null };
};
