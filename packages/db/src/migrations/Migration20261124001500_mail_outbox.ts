import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * The durable mail outbox: a mail is a row before anything tries to send it, so a crash between
 * the request that caused it and the send loses nothing. A worker sends due rows, retrying with
 * backoff; any service may write here, `source` says whose mail it is (and whose failure handler
 * hears of a mail given up on).
 */
export class Migration20261124001500MailOutbox extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      create table mail_outbox (
        id uuid primary key,
        source text not null,
        kind text not null,
        -- What the mail is about (a claim id for the claims service), for the failure handler.
        reference text,
        recipient text not null,
        reply_to text,
        subject text not null,
        -- Emptied once sent: the outbox is not a mail archive, and sign-in links must not linger.
        body text not null,
        status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null,
        -- A worker's lease on a row it is sending; another worker takes the row after it lapses.
        locked_until timestamptz,
        last_error text,
        -- Mails that may be merged while they wait (several changes of one claim in one mail).
        group_key text,
        created_at timestamptz not null,
        sent_at timestamptz
      );
      create index mail_outbox_due_idx on mail_outbox (source, next_attempt_at) where status = 'pending';
      create unique index mail_outbox_group_idx on mail_outbox (group_key) where status = 'pending' and group_key is not null;
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop table if exists mail_outbox');
  }
}
