import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * Password resets and invitations. `transport_identity_link` holds the built-in provider's mailed
 * one-time links: only the SHA-256 of the token, so a copy of the database opens no account; a
 * link is deleted when used. `transport_staff_invite` is the service's own record of the operator
 * staff invited into a tenant, whichever provider holds the accounts: the staff page lists it, and
 * `accepted_at` is set when the invitee sets a password.
 */
export class Migration20261124030100TransportAccounts extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      create table transport_identity_link (
        token_hash text primary key,
        user_id uuid not null,
        kind text not null,
        expires_at timestamptz not null,
        created_at timestamptz not null default now(),
        constraint transport_identity_link_user_id_fkey foreign key (user_id) references transport_identity_user (id) on delete cascade,
        constraint transport_identity_link_kind_check check (kind in ('recovery', 'invite'))
      );
      create index transport_identity_link_user_idx on transport_identity_link (user_id);
      create table transport_staff_invite (
        id uuid primary key,
        tenant_id text not null,
        email varchar(254) not null,
        display_name varchar(200),
        user_id text not null,
        invited_by text not null,
        created_at timestamptz not null default now(),
        accepted_at timestamptz,
        constraint transport_staff_invite_tenant_id_fkey foreign key (tenant_id) references transport_tenant (id) on delete cascade,
        constraint transport_staff_invite_tenant_email_key unique (tenant_id, email)
      );
      create index transport_staff_invite_user_idx on transport_staff_invite (user_id);
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop table if exists transport_staff_invite');
    this.addSql('drop table if exists transport_identity_link');
  }
}
