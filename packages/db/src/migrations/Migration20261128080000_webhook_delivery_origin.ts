import { Migration } from '@mikro-orm/migrations';

/**
 * Where a queued delivery came from: the accepting request's id and its W3C trace context, so the
 * worker's log lines name that request and its spans join the request's trace. Deliveries queued
 * before, and those queued outside a request, have neither.
 */
export class Migration20261128080000WebhookDeliveryOrigin extends Migration {
  override up(): void {
    this.addSql('alter table webhook_delivery add column request_id varchar(128) null, add column trace_parent varchar(64) null');
  }

  override down(): void {
    this.addSql('alter table webhook_delivery drop column if exists request_id, drop column if exists trace_parent');
  }
}
