import { Migration } from '@mikro-orm/migrations';

/** The staff search also finds a claim by its client's email: the email joins the search text. */
export class Migration20261124001820ClaimsSearchEmail extends Migration {
  override up(): void {
    this.addSql(`update claims_claim c set search_text = lower(c.claim_number || ' ' || cl.company_name || ' ' || d.name || ' ' || cl.email)
      from claims_client cl, claims_debtor d where cl.id = c.client_id and d.id = c.debtor_id`);
  }

  override down(): void {
    this.addSql(`update claims_claim c set search_text = lower(c.claim_number || ' ' || cl.company_name || ' ' || d.name)
      from claims_client cl, claims_debtor d where cl.id = c.client_id and d.id = c.debtor_id`);
  }
}
