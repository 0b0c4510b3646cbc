import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * Receipts of the parts of a split message already sent, in order, so that a retry resumes with
 * the first unsent part instead of posting the earlier ones again. Null until a part of a message
 * of several parts has gone out, so a single-part delivery never writes it.
 */
export class Migration20261122000400WebhookSentParts extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      alter table webhook_delivery add column sent_parts jsonb;
      -- A sender's retry of a direct delivery carries over the progress of its failed attempt,
      -- found by key; only failed rows that got part-way are in this index.
      create index webhook_delivery_part_sent_idx on webhook_delivery (idempotency_key, finished_at desc)
        where status = 'failed' and sent_parts is not null;
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop index if exists webhook_delivery_part_sent_idx');
    this.addSql('alter table webhook_delivery drop column if exists sent_parts');
  }
}
