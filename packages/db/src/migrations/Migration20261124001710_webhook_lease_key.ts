import { Migration } from '@mikro-orm/migrations';

/**
 * The session advisory lock (on PostgreSQL) held by the process that leased a running delivery.
 * The lock dies with that process's connection, so a delivery whose process was killed is taken
 * back at the next claim instead of when its lease runs out. Null on the embedded database, whose
 * one owner takes every lease back when it starts.
 */
export class Migration20261124001710WebhookLeaseKey extends Migration {
  override up(): void {
    this.addSql('alter table webhook_delivery add column lease_key integer');
  }

  override down(): void {
    this.addSql('alter table webhook_delivery drop column if exists lease_key');
  }
}
