import { defineEntity, p } from '@mikro-orm/core';

/** The durable mail outbox (Migration20261124001500_mail_outbox; the statements in mail-outbox.ts). */
export const MailOutboxSchema = defineEntity({
  name: 'MailOutbox',
  tableName: 'mail_outbox',
  indexes: [
    {
      name: 'mail_outbox_due_idx',
      expression: "create index mail_outbox_due_idx on mail_outbox (source, next_attempt_at) where status = 'pending'",
    },
  ],
  uniques: [
    {
      name: 'mail_outbox_group_idx',
      expression:
        "create unique index mail_outbox_group_idx on mail_outbox (group_key) where status = 'pending' and group_key is not null",
    },
  ],
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
    status: p.text().default('pending'),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().fieldName('next_attempt_at'),
    lockedUntil: p.datetime().fieldName('locked_until').nullable(),
    lastError: p.text().fieldName('last_error').nullable(),
    groupKey: p.text().fieldName('group_key').nullable(),
    createdAt: p.datetime().fieldName('created_at'),
    sentAt: p.datetime().fieldName('sent_at').nullable(),
  },
});
export class MailOutbox extends MailOutboxSchema.class {}
MailOutboxSchema.setClass(MailOutbox);
