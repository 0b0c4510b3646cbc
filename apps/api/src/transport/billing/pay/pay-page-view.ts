import { checkoutDecision } from '@switchyard/domain/transport/billing/checkout-decision';
import type { PayPage } from '@switchyard/db/transport/billing/pay-page';
import type { z } from 'zod';
import { isoTimestamp } from '../presenters.ts';
import { describeInvoice } from '../weekly-invoice-mail.ts';
import type { payPageOutput } from './pay-outputs.ts';

/** The newest open checkout as the checkout rule reads it. */
export const openCheckoutOf = (page: PayPage) =>
  page.open
    ? { id: page.open.id, amountCents: page.open.amount_cents, createdAt: new Date(isoTimestamp(page.open.created_at) ?? 0) }
    : null;

export const presentPayPage = (page: PayPage, provider: 'square' | 'stripe' | 'none', now: Date): z.infer<typeof payPageOutput> => {
  const { invoice } = page;
  const decision = checkoutDecision(
    { status: invoice.status, amountCents: invoice.amount_cents, amountPaidCents: invoice.amount_paid_cents },
    openCheckoutOf(page),
    now,
  );
  const owed = decision.kind !== 'nothing_owed';
  const returned = page.returnedFrom ? (page.returnedFrom.status === 'completed' ? 'received' : 'confirming') : null;

  return {
    operator: invoice.tenant_name,
    description: describeInvoice({
      kind: invoice.kind,
      amount: invoice.amount_cents / 100,
      currency: invoice.currency,
      school_days: invoice.school_days,
      cycle_start: invoice.cycle_start,
      cycle_end: invoice.cycle_end,
    }).name,
    kind: invoice.kind,
    cycle_start: invoice.cycle_start,
    cycle_end: invoice.cycle_end,
    status: invoice.status,
    currency: invoice.currency,
    amount: invoice.amount_cents / 100,
    amount_paid: invoice.amount_paid_cents / 100,
    balance: Math.max(invoice.amount_cents - invoice.amount_paid_cents, 0) / 100,
    provider,
    payable: owed && provider !== 'none',
    reason: decision.kind === 'nothing_owed' ? decision.reason : provider === 'none' ? 'no_provider' : null,
    returned,
  };
};
