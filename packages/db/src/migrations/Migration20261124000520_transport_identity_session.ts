import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * The sign-in each built-in provider token belongs to: a password sign-in (or sign-up) starts a
 * session, a refresh keeps it, and logout ends every token of it, earlier access tokens included.
 * Tokens issued before this column have none and stand each for itself.
 */
export class Migration20261124000520TransportIdentitySession extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      alter table transport_identity_token add column session_id uuid;
      create index transport_identity_token_session_idx on transport_identity_token (session_id) where session_id is not null;
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop index if exists transport_identity_token_session_idx');
    this.addSql('alter table transport_identity_token drop column if exists session_id');
  }
}
