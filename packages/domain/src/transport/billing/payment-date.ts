import { DomainError } from '../../errors.ts';

/**
 * When a payment was received: a day no later than the tenant's today and no earlier than the
 * invoice's own date (a payment cannot come before what it pays was issued). `paidOn` and the
 * bounds are local days (`YYYY-MM-DD`), compared as text, which orders them as dates.
 */
export const assertPaymentDate = (paidOn: string, bounds: { today: string; invoiceDate: string }): void => {
  if (paidOn > bounds.today) {
    throw new DomainError('validation_error', `paid_at: must not be after today (${bounds.today})`, { issues: [{ path: 'paid_at', message: `must not be after ${bounds.today}` }] });
  }
  if (paidOn < bounds.invoiceDate) {
    throw new DomainError('validation_error', `paid_at: must not be before the invoice date (${bounds.invoiceDate})`, {
      issues: [{ path: 'paid_at', message: `must not be before ${bounds.invoiceDate}` }],
    });
  }
};
