import { OUTSTANDING_STATUSES } from './outstanding.ts';

/**
 * What the pay page does when a family asks to pay: a checkout is always for the balance at that
 * moment. An open checkout is used again only when it was made for that same balance and is still
 * young enough that the provider has not expired it (Stripe ends a session after 24 hours); any
 * other open one is expired when the new one is made.
 */
export const CHECKOUT_REUSE_HOURS = 12;

/** `open` until paid (`completed`) or closed because the balance changed or the invoice was voided (`expired`). */
export const CHECKOUT_STATUSES = ['open', 'expired', 'completed'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

export type CheckoutState = { status: string; amountCents: number; amountPaidCents: number };
export type OpenCheckout = { id: string; amountCents: number; createdAt: Date };

export type CheckoutDecision =
  | { kind: 'nothing_owed'; reason: 'paid' | 'void' | 'not_due' }
  | { kind: 'reuse'; checkoutId: string; amountCents: number }
  | { kind: 'create'; amountCents: number };

export const balanceCents = (invoice: CheckoutState): number => Math.max(invoice.amountCents - invoice.amountPaidCents, 0);

export const checkoutDecision = (invoice: CheckoutState, open: OpenCheckout | null, now: Date): CheckoutDecision => {
  if (invoice.status === 'void') {
    return { kind: 'nothing_owed', reason: 'void' };
  }
  if (!(OUTSTANDING_STATUSES as readonly string[]).includes(invoice.status)) {
    // A draft or a pending fee is not asked for yet; a paid invoice is settled.
    return { kind: 'nothing_owed', reason: invoice.status === 'paid' ? 'paid' : 'not_due' };
  }
  const balance = balanceCents(invoice);
  if (balance === 0) {
    return { kind: 'nothing_owed', reason: 'paid' };
  }
  if (open && open.amountCents === balance && now.getTime() - open.createdAt.getTime() < CHECKOUT_REUSE_HOURS * 3_600_000) {
    return { kind: 'reuse', checkoutId: open.id, amountCents: balance };
  }

  return { kind: 'create', amountCents: balance };
};
