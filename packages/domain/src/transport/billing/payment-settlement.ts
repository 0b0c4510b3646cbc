import { DomainError } from '../../errors.ts';
import type { InvoiceState } from './invoice-lifecycle.ts';
import type { InvoiceStatus } from './invoice-vocabulary.ts';
import { OUTSTANDING_STATUSES } from './outstanding.ts';

/**
 * What a payment does to its invoice and to the household's credit. Money is never turned away
 * once it has changed hands: the part of a payment beyond what the invoice still owes, or all of
 * a payment received on a void invoice, becomes household credit, and the payment carries a flag
 * the operator sees. An invoice's paid amount therefore never exceeds its amount.
 */
export const PAYMENT_FLAGS = ['void_invoice', 'overpaid'] as const;
export type PaymentFlag = (typeof PAYMENT_FLAGS)[number];

export type Settlement = {
  status: InvoiceStatus;
  /** The invoice's paid total after the payment (never more than its amount). */
  amountPaidCents: number;
  /** The part of the payment the invoice takes. */
  appliedCents: number;
  /** The part that becomes household credit. */
  creditedCents: number;
  flag: PaymentFlag | null;
};

const owedOn = (invoice: InvoiceState): number => Math.max(invoice.amountCents - invoice.amountPaidCents, 0);

/**
 * A provider reports a completed payment: it is always recorded. A void invoice stays void and
 * the whole payment is credit; otherwise the invoice takes what it still owes (pending and draft
 * invoices included: a registration fee has a checkout before it is sent) and the rest is credit.
 */
export const settleProviderPayment = (invoice: InvoiceState, amountCents: number): Settlement => {
  if (invoice.status === 'void') {
    return { status: 'void', amountPaidCents: invoice.amountPaidCents, appliedCents: 0, creditedCents: amountCents, flag: 'void_invoice' };
  }
  const appliedCents = Math.min(amountCents, owedOn(invoice));
  const amountPaidCents = invoice.amountPaidCents + appliedCents;
  const creditedCents = amountCents - appliedCents;

  return {
    status: amountPaidCents >= invoice.amountCents ? 'paid' : 'partial',
    amountPaidCents,
    appliedCents,
    creditedCents,
    flag: creditedCents > 0 ? 'overpaid' : null,
  };
};

/**
 * An operator records money received outside the providers. Only an invoice that was sent and is
 * still owed takes it; more than the balance only when the operator chose to keep the excess as
 * household credit, so a typing slip never turns into credit unnoticed.
 */
export const settleOperatorPayment = (invoice: InvoiceState, amountCents: number, options: { excessAsCredit: boolean }): Settlement => {
  if (!(OUTSTANDING_STATUSES as readonly string[]).includes(invoice.status)) {
    throw new DomainError('conflict', `A ${invoice.status} invoice takes no payments.`);
  }
  const owed = owedOn(invoice);
  if (amountCents > owed && !options.excessAsCredit) {
    throw new DomainError(
      'conflict',
      `The payment is more than the ${(owed / 100).toFixed(2)} still owed; choose to record the excess as credit.`,
      {
        issues: [{ path: 'amount', message: `more than the ${(owed / 100).toFixed(2)} still owed` }],
      },
    );
  }

  return settleProviderPayment(invoice, amountCents);
};

/** What the operator reads beside a flagged payment. */
export const paymentFlagText = (flag: string | null, creditedCents: number): string | null => {
  const credited = `$${(creditedCents / 100).toFixed(2)}`;
  if (flag === 'void_invoice') {
    return `Received on a void invoice: ${credited} kept as household credit`;
  }
  if (flag === 'overpaid') {
    return `Overpaid by ${credited}: kept as household credit`;
  }

  return null;
};
