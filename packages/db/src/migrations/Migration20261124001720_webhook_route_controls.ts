import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * Per-route controls of the delivery worker, copied onto each row when its event is accepted (the
 * worker never reads route files): how many agent runs of the route may go at once, the ordering
 * key of the event, how long its payload is kept; a replay names the delivery it repeats. The
 * acceptance sequence orders events of one key (rows of one insert share their created_at).
 * webhook_route_state holds each route's circuit breaker.
 */
export class Migration20261124001720WebhookRouteControls extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      create sequence webhook_delivery_accepted_seq;
      alter table webhook_delivery add column accepted_seq bigint not null default nextval('webhook_delivery_accepted_seq');
      alter table webhook_delivery add column max_in_flight integer constraint webhook_delivery_max_in_flight_check check (max_in_flight > 0);
      alter table webhook_delivery add column order_key text;
      alter table webhook_delivery add column retention_days integer not null default 30 constraint webhook_delivery_retention_days_check check (retention_days > 0);
      alter table webhook_delivery add column erased_at timestamptz;
      alter table webhook_delivery add column replay_of uuid;
      -- Running deliveries per route, for max_in_flight.
      create index webhook_delivery_route_running_idx on webhook_delivery (route) where status = 'running';
      -- Unfinished deliveries of one ordering key, oldest first.
      create index webhook_delivery_order_idx on webhook_delivery (route, order_key, accepted_seq)
        where order_key is not null and status in ('queued', 'running');
      -- Finished deliveries whose payload is still kept, for the retention sweep.
      create index webhook_delivery_retention_idx on webhook_delivery (finished_at)
        where erased_at is null and status in ('delivered', 'failed');
      create index webhook_delivery_replay_of_idx on webhook_delivery (replay_of) where replay_of is not null;
      create table webhook_route_state (
        route text primary key,
        consecutive_failures integer not null default 0,
        paused_at timestamptz,
        paused_reason text,
        updated_at timestamptz not null default now()
      );
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop table if exists webhook_route_state');
    this.addSql('alter table webhook_delivery drop column if exists accepted_seq');
    this.addSql('drop sequence if exists webhook_delivery_accepted_seq');
    for (const column of ['replay_of', 'erased_at', 'retention_days', 'order_key', 'max_in_flight']) {
      this.addSql(`alter table webhook_delivery drop column if exists ${column}`);
    }
  }
}
