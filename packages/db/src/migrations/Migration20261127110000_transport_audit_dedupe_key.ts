import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * An audit row that must be written at most once per occasion carries a key naming the occasion
 * (a family account watching one trip's buses: `live.watch:<account>:<day>:<routes>`); the unique
 * index lets the insert of a second such row do nothing, whichever request comes first.
 */
export class Migration20261127110000TransportAuditDedupeKey extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      alter table transport_audit_log add column dedupe_key text;
      create unique index transport_audit_log_dedupe_uq on transport_audit_log (tenant_id, dedupe_key)
        where dedupe_key is not null;
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop index if exists transport_audit_log_dedupe_uq');
    this.addSql('alter table transport_audit_log drop column if exists dedupe_key');
  }
}
