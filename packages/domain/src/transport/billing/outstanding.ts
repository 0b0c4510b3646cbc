/** Invoices in these statuses are owed: sent to the payer and not settled. */
export const OUTSTANDING_STATUSES = ['unpaid', 'partial', 'sent'] as const;

/** What is still owed on one invoice, in cents; an overpaid or unsent invoice owes nothing. */
export const outstandingCents = (invoice: { status: string; amountCents: number; amountPaidCents: number }): number =>
  (OUTSTANDING_STATUSES as readonly string[]).includes(invoice.status) ? Math.max(invoice.amountCents - invoice.amountPaidCents, 0) : 0;
