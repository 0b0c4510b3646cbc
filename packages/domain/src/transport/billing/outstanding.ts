/** Invoices in these statuses are owed: sent to the payer and not settled. */
export const OUTSTANDING_STATUSES = ['unpaid', 'partial', 'sent'] as const;

/** What is still owed on one invoice, in cents; an overpaid or unsent invoice owes nothing. */
export const outstandingCents = (invoice: { status: string; amountCents: number; amountPaidCents: number }): number =>
  (OUTSTANDING_STATUSES as readonly string[]).includes(invoice.status) ? Math.max(invoice.amountCents - invoice.amountPaidCents, 0) : 0;

/**
 * A rejected household is never billed: every invoice of it nobody paid anything of is voided with
 * the rejection's reason, the pending registration fee and drafts included, so none of them can
 * be sent afterwards. A part-paid invoice keeps its state (money changed hands; a person settles
 * it). Only a rejection voids, so approving again may reopen the registration fee it voided.
 */
export const VOIDED_ON_REJECTION = ['pending', 'draft', 'sent', 'unpaid'] as const;

/** The registration-fee states an approval sends: never sent yet, or voided by a rejection. */
export const SENT_ON_APPROVAL = ['pending', 'void'] as const;
