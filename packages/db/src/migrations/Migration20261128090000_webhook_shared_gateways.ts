import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * What the gateways of one database share. webhook_subscription holds the subscriptions the CLI
 * made (the entry as written to the subscriptions file; null once removed, so a gateway whose
 * file still has it removes it too), each change raising its version. webhook_rate_window holds
 * each route's request count per minute, so a route's rate_limit holds across every gateway.
 */
export class Migration20261128090000WebhookSharedGateways extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      create table webhook_subscription (
        name text primary key,
        entry jsonb,
        version integer not null default 1,
        updated_at timestamptz not null default now()
      );
      create table webhook_rate_window (
        route text not null,
        window_start timestamptz not null,
        hits integer not null default 0,
        primary key (route, window_start)
      );
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop table if exists webhook_rate_window');
    this.addSql('drop table if exists webhook_subscription');
  }
}
