import { defineEntity, p } from '@mikro-orm/core';
import type { MailOutboxStatus } from '@switchyard/domain/mail/outbox-status';

// The entity declares the table Migration20261124001500_mail_outbox builds
// (test/db/schema-diff.test.ts); mail-outbox.ts reads and writes it through the ORM.
export const MailOutboxSchema = defineEntity({
  name: 'MailOutbox',
  tableName: 'mail_outbox',
  indexes: [{ name: 'mail_outbox_due_idx', properties: ['source', 'nextAttemptAt'], where: "status = 'pending'" }],
  // Mails that may be merged while they wait: at most one pending row per group.
  uniques: [{ name: 'mail_outbox_group_idx', properties: ['groupKey'], where: "status = 'pending' and group_key is not null" }],
  checks: [{ name: 'mail_outbox_status_check', expression: "status in ('pending', 'sent', 'failed')" }],
  properties: {
    id: p.uuid().primary(),
    source: p.text(),
    kind: p.text(),
    reference: p.text().nullable(),
    recipient: p.text(),
    replyTo: p.text().fieldName('reply_to').nullable(),
    subject: p.text(),
    body: p.text(),
    status: p.text().$type<MailOutboxStatus>().default('pending'),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().fieldName('next_attempt_at'),
    lockedUntil: p.datetime().fieldName('locked_until').nullable(),
    lastError: p.text().fieldName('last_error').nullable(),
    groupKey: p.text().fieldName('group_key').nullable(),
    createdAt: p.datetime().fieldName('created_at'),
    sentAt: p.datetime().fieldName('sent_at').nullable(),
    /** The request that queued the mail (Migration20261127180000_mail_request_id). */
    requestId: p.string().length(128).fieldName('request_id').nullable(),
  },
});
export class MailOutbox extends MailOutboxSchema.class {}
MailOutboxSchema.setClass(MailOutbox);

export const mailOutboxEntities = [MailOutboxSchema];
