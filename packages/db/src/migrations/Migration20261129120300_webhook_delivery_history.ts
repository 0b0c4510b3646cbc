import { Migration } from '@mikro-orm/migrations';

/**
 * Finished delivery rows are deleted once WEBHOOK_DELIVERY_HISTORY_DAYS have passed; each batch of
 * the sweep takes the oldest through this index. The payload retention index does not serve: it
 * only holds rows whose payload is still kept, and most rows this old were erased long before.
 */
export class Migration20261129120300WebhookDeliveryHistory extends Migration {
  override up(): void {
    this.addSql(`create index webhook_delivery_history_idx on webhook_delivery (finished_at) where status in ('delivered', 'failed')`);
  }

  override down(): void {
    this.addSql('drop index if exists webhook_delivery_history_idx');
  }
}
