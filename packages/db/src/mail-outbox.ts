import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';

export type NewOutboxMail = {
  source: string;
  kind: string;
  reference?: string | null;
  recipient: string;
  replyTo?: string | null;
  subject: string;
  body: string;
  /** Not sent before this time (a grouping window); now when absent. */
  notBefore?: Date;
  now: Date;
};

export type OutboxMail = {
  id: string;
  source: string;
  kind: string;
  reference: string | null;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  attempts: number;
};

/** Writes a mail to the outbox; it is sent by the worker of its source. Returns the row's id. */
export const enqueueMail = async (em: SqlEntityManager, mail: NewOutboxMail): Promise<string> => {
  const id = randomUUID();
  await em.execute(
    `insert into mail_outbox (id, source, kind, reference, recipient, reply_to, subject, body, status, attempts, next_attempt_at, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
    [id, mail.source, mail.kind, mail.reference ?? null, mail.recipient, mail.replyTo ?? null, mail.subject, mail.body, mail.notBefore ?? mail.now, mail.now],
  );

  return id;
};

/**
 * Adds `line` to the waiting mail of `groupKey`, or starts that mail (`head` then `line`), due at
 * `notBefore`: changes within the window go out as one mail, sent when the window of the first
 * closes. One statement, so two changes at once cannot start two mails.
 */
export const enqueueGroupedMail = async (
  em: SqlEntityManager,
  mail: Omit<NewOutboxMail, 'body' | 'notBefore'> & { groupKey: string; head: string; line: string; notBefore: Date },
): Promise<void> => {
  await em.execute(
    `insert into mail_outbox (id, source, kind, reference, recipient, reply_to, subject, body, status, attempts, next_attempt_at, group_key, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)
     on conflict (group_key) where status = 'pending' and group_key is not null
     do update set body = mail_outbox.body || ?`,
    [
      randomUUID(),
      mail.source,
      mail.kind,
      mail.reference ?? null,
      mail.recipient,
      mail.replyTo ?? null,
      mail.subject,
      mail.head + mail.line,
      mail.notBefore,
      mail.groupKey,
      mail.now,
      mail.line,
    ],
  );
};

/**
 * Takes up to `limit` due mails of a source for sending: each gets a lease until `leaseUntil` and
 * one more attempt counted. SKIP LOCKED is right here (unlike for a claim row): a row another
 * worker is taking at this moment is simply someone else's work.
 */
export const claimDueMails = async (
  em: SqlEntityManager,
  options: { source: string; now: Date; leaseUntil: Date; limit: number },
): Promise<OutboxMail[]> =>
  em.execute<OutboxMail[]>(
    // Taken out of its group: a change arriving while it is being sent starts a mail of its own
    // rather than being added to one already on its way.
    `update mail_outbox set locked_until = ?, attempts = attempts + 1, group_key = null
     where id in (
       select id from mail_outbox
       where source = ? and status = 'pending' and next_attempt_at <= ? and (locked_until is null or locked_until <= ?)
       order by next_attempt_at, created_at
       limit ?
       for update skip locked
     )
     returning id, source, kind, reference, recipient, reply_to, subject, body, attempts`,
    [options.leaseUntil, options.source, options.now, options.now, options.limit],
  );

export const markMailSent = async (em: SqlEntityManager, id: string, now: Date): Promise<void> => {
  await em.execute(
    `update mail_outbox set status = 'sent', sent_at = ?, body = '', locked_until = null, last_error = null, group_key = null where id = ?`,
    [now, id],
  );
};

export const scheduleMailRetry = async (em: SqlEntityManager, id: string, retry: { at: Date; error: string }): Promise<void> => {
  await em.execute('update mail_outbox set next_attempt_at = ?, locked_until = null, last_error = ? where id = ?', [
    retry.at,
    retry.error.slice(0, 500),
    id,
  ]);
};

export const markMailFailed = async (em: SqlEntityManager, id: string, error: string): Promise<void> => {
  await em.execute(
    `update mail_outbox set status = 'failed', body = '', locked_until = null, last_error = ?, group_key = null where id = ?`,
    [error.slice(0, 500), id],
  );
};

/** Counts of a source's mails by status, for health and tests. */
export const outboxCounts = async (em: SqlEntityManager, source: string): Promise<Record<string, number>> => {
  const rows = await em.execute<{ status: string; n: number }[]>(
    'select status, count(*)::int as n from mail_outbox where source = ? group by status',
    [source],
  );

  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
};
