import { Migration } from '@mikro-orm/migrations';

/**
 * When a staff member last opened a claim, so the staff list can mark claims with client activity
 * (a client message or upload) since then. Null until first opened; one value for the whole team.
 */
export class Migration20261128090000ClaimsStaffViewed extends Migration {
  override up(): void {
    this.addSql('alter table claims_claim add column staff_viewed_at timestamptz');
  }

  override down(): void {
    this.addSql('alter table claims_claim drop column if exists staff_viewed_at');
  }
}
