import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * Named staff members beside the shared staff key: each signs in by a mailed link (as clients do)
 * and holds sessions of their own, so the audit trail names the person. Deactivating a member ends
 * their sessions at once, because every staff request reads the member's `active` flag.
 */
export class Migration20261128060100ClaimsStaffMembers extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      create table claims_staff_member (
        id uuid primary key,
        email varchar(254) not null constraint claims_staff_member_email_key unique,
        name varchar(200) not null,
        is_admin boolean not null default false,
        active boolean not null default true,
        created_at timestamptz not null,
        deactivated_at timestamptz
      );

      create table claims_staff_sign_in_token (
        id uuid primary key,
        staff_member_id uuid not null constraint claims_staff_sign_in_token_staff_member_id_fkey references claims_staff_member (id) on delete cascade,
        token_hash char(64) not null constraint claims_staff_sign_in_token_token_hash_key unique,
        expires_at timestamptz not null,
        consumed_at timestamptz,
        created_at timestamptz not null
      );
      create index claims_staff_sign_in_token_expiry_idx on claims_staff_sign_in_token (expires_at);

      create table claims_staff_session (
        id uuid primary key,
        staff_member_id uuid not null constraint claims_staff_session_staff_member_id_fkey references claims_staff_member (id) on delete cascade,
        session_hash char(64) not null constraint claims_staff_session_session_hash_key unique,
        expires_at timestamptz not null,
        revoked_at timestamptz,
        last_seen_at timestamptz,
        created_at timestamptz not null
      );
      create index claims_staff_session_member_idx on claims_staff_session (staff_member_id);
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop table if exists claims_staff_session');
    this.addSql('drop table if exists claims_staff_sign_in_token');
    this.addSql('drop table if exists claims_staff_member');
  }
}
