import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook operations an operator recovers with:
 * - `follows_route`: whether a delivery takes its target, chat id, prompt, skills and mode from its
 *   route as the route is when the delivery runs (true: a route fixed while deliveries wait is what
 *   they use), or keeps what was stored when the event was accepted (false: `replay --as-accepted`);
 * - `paused_by`: who paused a route, by hand (`webhook pause`) or its breaker; rows paused before
 *   this column were paused by their breaker;
 * - `reject_while_paused`: a route paused with `--reject-while-paused` refuses new events.
 */
export class Migration20261127170000WebhookOperations extends Migration {
  override up(): void {
    this.addSql('alter table webhook_delivery add column follows_route boolean not null default true');
    this.addSql('alter table webhook_route_state add column paused_by text');
    this.addSql('alter table webhook_route_state add column reject_while_paused boolean not null default false');
    this.addSql("update webhook_route_state set paused_by = 'breaker' where paused_at is not null");
    this.addSql(
      "alter table webhook_route_state add constraint webhook_route_state_paused_by_check check (paused_by in ('hand', 'breaker'))",
    );
  }

  override down(): void {
    this.addSql('alter table webhook_route_state drop constraint if exists webhook_route_state_paused_by_check');
    this.addSql('alter table webhook_route_state drop column if exists reject_while_paused');
    this.addSql('alter table webhook_route_state drop column if exists paused_by');
    this.addSql('alter table webhook_delivery drop column if exists follows_route');
  }
}
