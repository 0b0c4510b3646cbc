/**
 * Where a mail of the shared outbox stands: waiting to be sent (or retried), sent, or given up on.
 * mail_outbox_status_check allows exactly these. Its `source` and `kind` stay open text: any
 * service may write to the outbox with words of its own.
 */
export const MAIL_OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailOutboxStatus = (typeof MAIL_OUTBOX_STATUSES)[number];
