import { Migration } from '@mikro-orm/migrations';

/**
 * When the client last opened a claim in the portal, so the portal can mark claims with news
 * (a shared note or a document from the team) since then. Null until first opened.
 */
export class Migration20261124001810ClaimsClientViewed extends Migration {
  override up(): void {
    this.addSql('alter table claims_claim add column client_viewed_at timestamptz');
  }

  override down(): void {
    this.addSql('alter table claims_claim drop column if exists client_viewed_at');
  }
}
