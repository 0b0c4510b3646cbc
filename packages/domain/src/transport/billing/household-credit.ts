import { DomainError } from '../../errors.ts';

/**
 * A household's credit: money it paid beyond what it owed (an overpayment, a payment on a void
 * invoice), kept for it. It is applied to the next invoice made for the household, and an
 * operator may pay it back instead (a refund). It is never negative.
 */

/** The ledger's entries: an overpayment and the credit a voided invoice gives back (`released`) add, `applied` and `refund` use it. */
export const CREDIT_KINDS = ['overpayment', 'refund', 'applied', 'released'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** How much of `creditCents` a new invoice takes: at most what it still owes. */
export const applyCredit = (
  creditCents: number,
  invoice: { amountCents: number; amountPaidCents: number },
): { appliedCents: number; remainingCreditCents: number } => {
  const owed = Math.max(invoice.amountCents - invoice.amountPaidCents, 0);
  const appliedCents = Math.max(Math.min(creditCents, owed), 0);

  return { appliedCents, remainingCreditCents: creditCents - appliedCents };
};

/** A refund pays back credit the household has: more than that is 409, naming the credit. */
export const assertRefundable = (creditCents: number, refundCents: number): void => {
  if (refundCents > creditCents) {
    throw new DomainError('conflict', `The refund is more than the household's credit of ${(Math.max(creditCents, 0) / 100).toFixed(2)}.`, {
      issues: [{ path: 'amount', message: `more than the credit of ${(Math.max(creditCents, 0) / 100).toFixed(2)}` }],
    });
  }
};

/** What a household owes once its credit is counted: never below zero. */
export const netOwedCents = (outstandingCents: number, creditCents: number): number =>
  Math.max(outstandingCents - Math.max(creditCents, 0), 0);
