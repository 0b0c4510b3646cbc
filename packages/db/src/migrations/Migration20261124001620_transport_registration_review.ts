import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * What a registration review keeps: why a registration was rejected and who decided; and the
 * operator's own payment instructions, mailed to approved families when no provider is configured.
 */
export class Migration20261124001620TransportRegistrationReview extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      alter table transport_registration add column decision_reason varchar(1000);
      alter table transport_registration add column decided_by text;
      alter table transport_tenant add column payment_instructions varchar(2000);
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('alter table transport_tenant drop column if exists payment_instructions');
    this.addSql('alter table transport_registration drop column if exists decided_by');
    this.addSql('alter table transport_registration drop column if exists decision_reason');
  }
}
