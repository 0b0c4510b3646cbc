import { Migration } from '@mikro-orm/migrations';

/**
 * What `webhook deliveries show` tells of one delivery besides its row's outcome:
 * - `headers`: the request's headers as accepted, signatures and tokens masked before they are
 *   stored; written by the same insert as the delivery, null for deliveries accepted before;
 * - `attempt_log`: one JSON record per attempt (when, where to, outcome, how long, the error),
 *   appended by the statement that records the attempt's outcome.
 */
export class Migration20261127200000WebhookDeliveryDetail extends Migration {
  override up(): void {
    this.addSql('alter table webhook_delivery add column headers jsonb');
    this.addSql('alter table webhook_delivery add column attempt_log jsonb');
  }

  override down(): void {
    this.addSql('alter table webhook_delivery drop column if exists attempt_log');
    this.addSql('alter table webhook_delivery drop column if exists headers');
  }
}
