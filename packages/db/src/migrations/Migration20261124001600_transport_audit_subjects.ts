import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * What an audit row is about, beyond its free-text resource: the household and the account it
 * concerns. A family reads only the rows about its own households and its own account, so both must
 * be columns a query can match, not words inside `resource`. `admin_actor` marks the writes a
 * platform administrator made in a tenant that is not theirs.
 */
export class Migration20261124001600TransportAuditSubjects extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      alter table transport_audit_log add column household_id text;
      alter table transport_audit_log add column subject_user_id text;
      alter table transport_audit_log add column admin_actor boolean not null default false;
      create index transport_audit_log_household_idx on transport_audit_log (tenant_id, household_id, created_at desc)
        where household_id is not null;
      create index transport_audit_log_subject_idx on transport_audit_log (tenant_id, subject_user_id, created_at desc)
        where subject_user_id is not null;
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop index if exists transport_audit_log_subject_idx');
    this.addSql('drop index if exists transport_audit_log_household_idx');
    this.addSql('alter table transport_audit_log drop column if exists admin_actor');
    this.addSql('alter table transport_audit_log drop column if exists subject_user_id');
    this.addSql('alter table transport_audit_log drop column if exists household_id');
  }
}
