import { randomUUID } from 'node:crypto';
import { DomainError } from '@switchyard/domain/errors';
import { checkoutDecision } from '@switchyard/domain/transport/billing/checkout-decision';
import { keepNewCheckout, readPayPage } from '@switchyard/db/transport/billing/pay-page';
import type { TransportContext } from '../../context.ts';
import { createPaymentLink, expireCheckouts, invoiceProvider } from '../payment-links.ts';
import { describeInvoice } from '../weekly-invoice-mail.ts';
import { payPageUrl } from './pay-link.ts';
import { openCheckoutOf } from './pay-page-view.ts';

const NOTHING_OWED = {
  paid: 'This invoice is paid; nothing is owed.',
  void: 'This invoice was cancelled; nothing is owed.',
  not_due: 'This invoice is not due yet.',
} as const;

/**
 * A checkout for what the invoice of `token` owes now: the open one when it was made for that same
 * balance and is young, else a new one (our id chosen first, so the provider sends the payer back
 * to the pay page naming it), the others expired. Nothing owed is 409; a provider failure 502.
 */
export const makeCheckout = async (ctx: TransportContext, token: string): Promise<{ checkout_url: string; amount: number }> => {
  const page = await readPayPage(ctx.em, token, null);
  if (!page) {
    throw new DomainError('not_found', 'Invoice not found');
  }
  const provider = invoiceProvider(ctx.env);
  if (provider === 'none') {
    throw new DomainError('conflict', 'Online payment is not available; your transport office will tell you how to pay.');
  }
  const { invoice } = page;
  const decision = checkoutDecision(
    { status: invoice.status, amountCents: invoice.amount_cents, amountPaidCents: invoice.amount_paid_cents },
    openCheckoutOf(page),
    ctx.now(),
  );
  if (decision.kind === 'nothing_owed') {
    throw new DomainError('conflict', NOTHING_OWED[decision.reason]);
  }
  if (decision.kind === 'reuse' && page.open) {
    return { checkout_url: page.open.url, amount: decision.amountCents / 100 };
  }
  const id = randomUUID();
  const link = await createPaymentLink(ctx.env, ctx.logger, {
    amountCents: decision.amountCents,
    name: describeInvoice({
      kind: invoice.kind,
      amount: invoice.amount_cents / 100,
      currency: invoice.currency,
      school_days: invoice.school_days,
      cycle_start: invoice.cycle_start,
      cycle_end: invoice.cycle_end,
    }).name,
    idempotencyKey: `checkout-${id}`,
    returnUrl: `${payPageUrl(ctx, token)}?checkout=${id}`,
    invoiceId: invoice.id,
    currency: invoice.currency,
  });
  if (!link) {
    throw new DomainError('bad_gateway', 'The payment provider could not be reached; try again in a moment.');
  }
  const kept = await keepNewCheckout(ctx.em, {
    id,
    invoiceId: invoice.id,
    provider: link.provider,
    providerRef: link.ref,
    linkId: link.linkId,
    url: link.url,
    balanceCents: decision.amountCents,
    at: ctx.now(),
  });
  await expireCheckouts(ctx.env, ctx.logger, kept.expired);
  if (kept.stale) {
    throw new DomainError('conflict', 'The amount owed changed a moment ago; reload the page to pay the new balance.');
  }

  return { checkout_url: link.url, amount: decision.amountCents / 100 };
};
