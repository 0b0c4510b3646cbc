import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { db, type NewTableRow, type TableRow } from './kysely.ts';
import { MailOutbox } from './mail-outbox-entities.ts';

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
  /** The request that queued it, named again in the worker's log lines. */
  requestId?: string | undefined;
};

/** The columns a worker reads of a mail it claimed. */
const OUTBOX_MAIL_COLUMNS = [
  'id',
  'source',
  'kind',
  'reference',
  'recipient',
  'reply_to',
  'subject',
  'body',
  'attempts',
  'request_id',
] as const;

export type OutboxMail = Pick<TableRow<'mail_outbox'>, (typeof OUTBOX_MAIL_COLUMNS)[number]>;

/** A new pending mail's row: due at `nextAttemptAt`, not tried yet. */
const pendingRow = (
  mail: Omit<NewOutboxMail, 'body' | 'notBefore'>,
  body: string,
  nextAttemptAt: Date,
): NewTableRow<'mail_outbox'> & { id: string } => ({
  id: randomUUID(),
  source: mail.source,
  kind: mail.kind,
  reference: mail.reference ?? null,
  recipient: mail.recipient,
  reply_to: mail.replyTo ?? null,
  subject: mail.subject,
  body,
  status: 'pending',
  attempts: 0,
  next_attempt_at: nextAttemptAt,
  created_at: mail.now,
  request_id: mail.requestId ?? null,
});

/** Writes a mail to the outbox; it is sent by the worker of its source. Returns the row's id. */
export const enqueueMail = async (em: SqlEntityManager, mail: NewOutboxMail): Promise<string> => {
  const row = pendingRow(mail, mail.body, mail.notBefore ?? mail.now);
  await db(em).insertInto('mail_outbox').values(row).execute();

  return row.id;
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
  await db(em)
    .insertInto('mail_outbox')
    .values({ ...pendingRow(mail, mail.head + mail.line, mail.notBefore), group_key: mail.groupKey })
    .onConflict((conflict) =>
      conflict
        .column('group_key')
        .where('status', '=', 'pending')
        .where('group_key', 'is not', null)
        .doUpdateSet((eb) => ({ body: eb('mail_outbox.body', '||', mail.line) })),
    )
    .execute();
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
  db(em)
    .updateTable('mail_outbox')
    // Taken out of its group: a change arriving while it is being sent starts a mail of its own
    // rather than being added to one already on its way.
    .set((eb) => ({ locked_until: options.leaseUntil, attempts: eb('attempts', '+', 1), group_key: null }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('source', '=', options.source)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', options.now)
        .where((inner) => inner.or([inner('locked_until', 'is', null), inner('locked_until', '<=', options.now)]))
        .orderBy('next_attempt_at')
        .orderBy('created_at')
        .limit(options.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(OUTBOX_MAIL_COLUMNS)
    .execute();

export const markMailSent = async (em: SqlEntityManager, id: string, now: Date): Promise<void> => {
  await em.nativeUpdate(MailOutbox, { id }, { status: 'sent', sentAt: now, body: '', lockedUntil: null, lastError: null, groupKey: null });
};

export const scheduleMailRetry = async (em: SqlEntityManager, id: string, retry: { at: Date; error: string }): Promise<void> => {
  await em.nativeUpdate(MailOutbox, { id }, { nextAttemptAt: retry.at, lockedUntil: null, lastError: retry.error.slice(0, 500) });
};

export const markMailFailed = async (em: SqlEntityManager, id: string, error: string): Promise<void> => {
  await em.nativeUpdate(
    MailOutbox,
    { id },
    { status: 'failed', body: '', lockedUntil: null, lastError: error.slice(0, 500), groupKey: null },
  );
};

/** Counts of a source's mails by status, for health and tests. */
export const outboxCounts = async (em: SqlEntityManager, source: string): Promise<Record<string, number>> => {
  const rows = await db(em)
    .selectFrom('mail_outbox')
    .select((eb) => ['status', eb.fn.countAll().as('n')])
    .where('source', '=', source)
    .groupBy('status')
    .execute();

  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
};
