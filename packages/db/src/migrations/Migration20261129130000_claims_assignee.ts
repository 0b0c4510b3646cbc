import { Migration } from '@mikro-orm/migrations';

/**
 * The staff member a claim is given to, or nobody. Members are deactivated, never deleted, so the
 * reference stays; the index serves the staff list filtered by assignee.
 */
export class Migration20261129130000ClaimsAssignee extends Migration {
  override up(): void {
    this.addSql(
      'alter table claims_claim add column assignee_id uuid constraint claims_claim_assignee_id_fkey references claims_staff_member (id) on delete set null',
    );
    this.addSql('create index claims_claim_assignee_idx on claims_claim (assignee_id)');
  }

  override down(): void {
    this.addSql('drop index if exists claims_claim_assignee_idx');
    this.addSql('alter table claims_claim drop column if exists assignee_id');
  }
}
