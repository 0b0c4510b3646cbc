import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * Secure email change and the origin of a session in the built-in provider. An `email_change`
 * link carries the address it confirms (`new_email`): the account's address changes only when
 * that link is used. `via_link` marks the tokens a mailed reset or invitation link gave: only
 * such a session may set a password without the current one.
 */
export class Migration20261127120000TransportIdentityEmailChange extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      alter table transport_identity_link add column new_email varchar(254);
      alter table transport_identity_link drop constraint transport_identity_link_kind_check;
      alter table transport_identity_link add constraint transport_identity_link_kind_check check (kind in ('recovery', 'invite', 'email_change'));
      alter table transport_identity_token add column via_link boolean not null default false;
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('alter table transport_identity_token drop column if exists via_link');
    this.addSql("delete from transport_identity_link where kind = 'email_change'");
    this.addSql('alter table transport_identity_link drop constraint transport_identity_link_kind_check');
    this.addSql(
      "alter table transport_identity_link add constraint transport_identity_link_kind_check check (kind in ('recovery', 'invite'))",
    );
    this.addSql('alter table transport_identity_link drop column if exists new_email');
  }
}
