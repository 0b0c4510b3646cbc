import { Migration } from '@mikro-orm/migrations';

/**
 * Whether a delivery takes its target, chat id, prompt, skills and mode from its route as the
 * route is when the delivery runs (true: a route fixed while deliveries wait is what they use), or
 * keeps what was stored when the event was accepted (false: `webhook replay --as-accepted`).
 */
export class Migration20261127170000WebhookFollowRoute extends Migration {
  override up(): void {
    this.addSql('alter table webhook_delivery add column follows_route boolean not null default true');
  }

  override down(): void {
    this.addSql('alter table webhook_delivery drop column if exists follows_route');
  }
}
