/** The invoice kinds and statuses the transport tables hold (their check constraints list the same). */

export const INVOICE_KINDS = ['registration', 'transportation'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** `pending` and `draft` are not yet sent, `sent`, `unpaid` and `partial` are owed, `paid` and `void` are settled. */
export const INVOICE_STATUSES = ['pending', 'draft', 'sent', 'unpaid', 'partial', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
