import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * The retention sweep deletes by age in batches; each batch finds its oldest rows through these
 * indexes instead of reading the whole table. The `live.watch` index is partial: those rows are
 * the only audit rows that expire.
 */
export class Migration20261128090000RetentionIndexes extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      create index transport_eta_snapshot_made_idx on transport_eta_snapshot (made_at);
      create index transport_stop_arrival_arrived_idx on transport_stop_arrival (arrived_at);
      create index transport_late_notice_notified_idx on transport_late_notice (notified_at);
      create index transport_bus_last_update_idx on transport_bus (last_update) where last_update is not null;
      create index transport_audit_log_live_watch_idx on transport_audit_log (created_at) where action = 'live.watch';
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    for (const index of [
      'transport_audit_log_live_watch_idx',
      'transport_bus_last_update_idx',
      'transport_late_notice_notified_idx',
      'transport_stop_arrival_arrived_idx',
      'transport_eta_snapshot_made_idx',
    ]) {
      this.addSql(`drop index if exists ${index}`);
    }
  }
}
