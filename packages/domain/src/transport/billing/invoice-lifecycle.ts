import { DomainError } from '../../errors.ts';

/**
 * The invoice lifecycle: `pending` (a registration fee not yet asked for) or `draft` (a weekly
 * invoice) -> `sent` -> `partial` -> `paid`; `void` ends an invoice nobody paid anything of.
 * `unpaid` is an older name for sent-and-owed and is treated like `sent`.
 */
export const SENDABLE_STATUSES = ['pending', 'draft'] as const;
export const PAYMENT_METHODS = ['cash', 'check', 'bank_transfer', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type InvoiceState = { status: string; amountCents: number; amountPaidCents: number };

export const assertSendable = (invoice: InvoiceState): void => {
  if (!(SENDABLE_STATUSES as readonly string[]).includes(invoice.status)) {
    throw new DomainError('conflict', `A ${invoice.status} invoice cannot be sent; only a draft or pending one.`);
  }
};

/** What a payment does to an invoice is payment-settlement.ts. */

/** Only an invoice nobody paid anything of can be voided; a void one stays void. */
export const assertVoidable = (invoice: InvoiceState): void => {
  if (invoice.amountPaidCents > 0) {
    throw new DomainError('conflict', 'An invoice with payments recorded cannot be voided.');
  }
  if (invoice.status === 'void' || invoice.status === 'paid') {
    throw new DomainError('conflict', `A ${invoice.status} invoice cannot be voided.`);
  }
};
