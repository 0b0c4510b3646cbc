import { DomainError } from '../../errors.ts';

/**
 * When a payment was received: a day no later than the tenant's today and no earlier than the
 * invoice's own date (a payment cannot come before what it pays was issued). `paidOn` and the
 * bounds are local days (`YYYY-MM-DD`), compared as text, which orders them as dates.
 */
export const assertPaymentDate = (paidOn: string, bounds: { today: string; invoiceDate: string }, field = 'paid_at'): void => {
  if (paidOn > bounds.today) {
    throw new DomainError('validation_error', `${field}: must not be after today (${bounds.today})`, {
      issues: [{ path: field, message: `must not be after ${bounds.today}` }],
    });
  }
  if (paidOn < bounds.invoiceDate) {
    throw new DomainError('validation_error', `${field}: must not be before the invoice date (${bounds.invoiceDate})`, {
      issues: [{ path: field, message: `must not be before ${bounds.invoiceDate}` }],
    });
  }
};

/** A refund's day: not after the tenant's today, nor before the household had credit to pay back. */
export const assertRefundDate = (refundedOn: string, bounds: { today: string; creditSince: string }): void => {
  if (refundedOn > bounds.today) {
    throw new DomainError('validation_error', `refunded_at: must not be after today (${bounds.today})`, {
      issues: [{ path: 'refunded_at', message: `must not be after ${bounds.today}` }],
    });
  }
  if (refundedOn < bounds.creditSince) {
    throw new DomainError('validation_error', `refunded_at: must not be before the credit was received (${bounds.creditSince})`, {
      issues: [{ path: 'refunded_at', message: `must not be before ${bounds.creditSince}` }],
    });
  }
};
