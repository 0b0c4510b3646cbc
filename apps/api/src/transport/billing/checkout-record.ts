import { recordCheckoutSession } from '@switchyard/db/transport/billing/checkout-sessions';
import type { TransportContext } from '../context.ts';
import type { PaymentLink } from './payment-links.ts';

/**
 * Keeps a checkout just made as the invoice's open one, so it can be expired when the invoice is
 * paid, voided or given a new checkout. A failure to keep it is logged: the link was made and mailed.
 */
export const keepCheckout = async (ctx: Pick<TransportContext, 'db' | 'logger' | 'now'>, invoiceId: string, link: PaymentLink, amountCents: number): Promise<void> => {
  await recordCheckoutSession(ctx.db.fork(), { invoiceId, provider: link.provider, providerRef: link.ref, linkId: link.linkId, url: link.url, amountCents, at: ctx.now() }).catch((error: unknown) => {
    ctx.logger.warn({ err: error, invoice_id: invoiceId }, 'checkout not recorded');
  });
};
