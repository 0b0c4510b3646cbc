import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

export class Migration20261122000310TransportIdentity extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      -- Users of the built-in identity provider (used when IDENTITY_URL is unset).
      create table transport_identity_user (
        id uuid primary key,
        email varchar(254) not null unique check (email = lower(email)),
        password_hash text not null,
        user_metadata jsonb not null default '{}'::jsonb,
        app_metadata jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );

      -- Only the SHA-256 of an access or refresh token is kept.
      create table transport_identity_token (
        token_hash text primary key,
        user_id uuid not null references transport_identity_user(id) on delete cascade,
        kind text not null check (kind in ('access', 'refresh')),
        expires_at timestamptz not null,
        created_at timestamptz not null default now()
      );
      create index transport_identity_token_user_idx on transport_identity_token (user_id);

      create table transport_impersonation_session (
        token_hash text primary key,
        tenant_id text not null references transport_tenant(id) on delete cascade,
        user_email varchar(254),
        target_role text not null,
        admin_user_id text not null,
        admin_email text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        ended_at timestamptz
      );

      -- tenant_id carries no foreign key: platform-wide rows have none, and rows outlive what they describe.
      create table transport_audit_log (
        id uuid primary key,
        tenant_id text,
        actor text not null,
        action varchar(200) not null,
        resource varchar(500),
        details jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now()
      );
      create index transport_audit_log_tenant_idx on transport_audit_log (tenant_id, created_at desc);
      create index transport_audit_log_created_idx on transport_audit_log (created_at desc);
    `)) {
      this.addSql(statement);
    }
  }
}
