import { DomainError } from '../../errors.ts';
import { OUTSTANDING_STATUSES } from './outstanding.ts';

/**
 * The invoice lifecycle: `pending` (a registration fee not yet asked for) or `draft` (a weekly
 * invoice) -> `sent` -> `partial` -> `paid`; `void` ends an invoice nobody paid anything of.
 * `unpaid` is an older name for sent-and-owed and is treated like `sent`.
 */
export const SENDABLE_STATUSES = ['pending', 'draft'] as const;
export const PAYMENT_METHODS = ['cash', 'check', 'bank_transfer', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type InvoiceState = { status: string; amountCents: number; amountPaidCents: number };

const isOutstanding = (status: string): boolean => (OUTSTANDING_STATUSES as readonly string[]).includes(status);

export const assertSendable = (invoice: InvoiceState): void => {
  if (!(SENDABLE_STATUSES as readonly string[]).includes(invoice.status)) {
    throw new DomainError('conflict', `A ${invoice.status} invoice cannot be sent; only a draft or pending one.`);
  }
};

/**
 * What a payment of `amountCents` does to the invoice: the new paid total and status. Only an
 * invoice that was sent and is still owed takes payments, and never more than what is owed.
 */
export const applyPayment = (invoice: InvoiceState, amountCents: number): { status: 'partial' | 'paid'; amountPaidCents: number } => {
  if (!isOutstanding(invoice.status)) {
    throw new DomainError('conflict', `A ${invoice.status} invoice takes no payments.`);
  }
  const owed = Math.max(invoice.amountCents - invoice.amountPaidCents, 0);
  if (amountCents > owed) {
    throw new DomainError('conflict', `The payment is more than the ${(owed / 100).toFixed(2)} still owed.`);
  }
  const amountPaidCents = invoice.amountPaidCents + amountCents;

  return { status: amountPaidCents >= invoice.amountCents ? 'paid' : 'partial', amountPaidCents };
};

/**
 * A provider's notification that a checkout completed: the invoice is paid by what the provider
 * collected. A paid or void invoice is left as it is (a repeated notification changes nothing).
 */
export const applyProviderPayment = (invoice: InvoiceState, amountCents: number): { status: 'partial' | 'paid'; amountPaidCents: number } | null => {
  if (invoice.status === 'paid' || invoice.status === 'void') {
    return null;
  }
  const amountPaidCents = invoice.amountPaidCents + amountCents;

  return { status: amountPaidCents >= invoice.amountCents ? 'paid' : 'partial', amountPaidCents };
};

/** Only an invoice nobody paid anything of can be voided; a void one stays void. */
export const assertVoidable = (invoice: InvoiceState): void => {
  if (invoice.amountPaidCents > 0) {
    throw new DomainError('conflict', 'An invoice with payments recorded cannot be voided.');
  }
  if (invoice.status === 'void' || invoice.status === 'paid') {
    throw new DomainError('conflict', `A ${invoice.status} invoice cannot be voided.`);
  }
};
