import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

export class Migration20261122000200Webhooks extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      -- One row per accepted event: the durable queue of the webhook worker and its history.
      create table webhook_delivery (
        id uuid primary key,
        route text not null,
        event_type text not null,
        idempotency_key text not null,
        mode text not null check (mode in ('agent', 'deliver_only')),
        status text not null check (status in ('queued', 'running', 'delivered', 'failed')),
        target text not null,
        chat_id text,
        source text check (source in ('github', 'gitlab')),
        prompt text not null,
        skills jsonb not null default '[]',
        payload jsonb not null,
        agent_reply text,
        attempts integer not null default 0,
        max_attempts integer not null check (max_attempts > 0),
        next_attempt_at timestamptz not null,
        locked_until timestamptz,
        locked_by text,
        last_error text,
        result_ref text,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        finished_at timestamptz
      );
      create index webhook_delivery_due_idx on webhook_delivery (next_attempt_at) where status = 'queued';
      create index webhook_delivery_lease_idx on webhook_delivery (locked_until) where status = 'running';
      create index webhook_delivery_route_created_idx on webhook_delivery (route, created_at desc);
      -- At most one unfinished delivery per event: a sender's retry while it is queued is a duplicate.
      create unique index webhook_delivery_inflight_key_idx on webhook_delivery (idempotency_key)
        where status in ('queued', 'running');

      -- Keys of delivered events, answered as duplicates until they expire.
      create table webhook_idempotency (
        key text primary key,
        delivery_id uuid not null,
        created_at timestamptz not null,
        expires_at timestamptz not null
      );
      create index webhook_idempotency_expires_idx on webhook_idempotency (expires_at);
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop table if exists webhook_idempotency');
    this.addSql('drop table if exists webhook_delivery');
  }
}
