import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * The account that submitted a registration, when it was submitted signed in: a family's own
 * households are the ones its account submitted, not every household naming its email.
 */
export class Migration20261122000340TransportHouseholdSubmitter extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      alter table transport_household add column submitted_by_user_id text;
      create index transport_household_submitter_idx on transport_household (tenant_id, submitted_by_user_id)
        where submitted_by_user_id is not null;
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop index if exists transport_household_submitter_idx');
    this.addSql('alter table transport_household drop column if exists submitted_by_user_id');
  }
}
