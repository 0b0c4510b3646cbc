import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

export class Migration20261122000100Claims extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      create extension if not exists pg_trgm;

      create table number_sequence (
        prefix text not null,
        year integer not null,
        counter integer not null,
        primary key (prefix, year)
      );

      create table rate_limit_counter (
        key text primary key,
        window_start timestamptz not null,
        hits integer not null
      );
      create index rate_limit_counter_window_idx on rate_limit_counter (window_start);

      create table claims_client (
        id uuid primary key,
        client_number text not null unique,
        company_name varchar(200) not null,
        contact_name varchar(200) not null,
        email varchar(254) not null unique,
        phone varchar(50),
        tos_accepted_at timestamptz,
        crm_id text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );

      create table claims_debtor (
        id uuid primary key,
        name varchar(200) not null,
        business_type text not null default 'OTHER',
        contact_email varchar(254),
        contact_phone varchar(50),
        physical_address varchar(500),
        crm_id text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );

      create table claims_claim (
        id uuid primary key,
        claim_number text not null unique,
        client_id uuid not null references claims_client (id) on delete restrict,
        debtor_id uuid not null references claims_debtor (id) on delete restrict,
        amount_cents integer not null check (amount_cents > 0),
        currency text not null default 'USD',
        status text not null default 'NEW',
        tier text not null default 'TIER_1',
        description varchar(5000),
        client_reference varchar(100),
        invoice_date date,
        date_assigned timestamptz,
        date_resolved timestamptz,
        crm_id text,
        -- claim number, company and debtor names, lower-cased: what the staff search matches.
        search_text text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index claims_claim_search_idx on claims_claim using gin (search_text gin_trgm_ops);
      create index claims_claim_client_idx on claims_claim (client_id, created_at desc);
      create index claims_claim_created_idx on claims_claim (created_at desc, id desc);
      create index claims_claim_status_idx on claims_claim (status, created_at desc, id desc);
      create index claims_claim_tier_idx on claims_claim (tier, created_at desc, id desc);
      create index claims_claim_debtor_idx on claims_claim (debtor_id);

      create table claims_document (
        id uuid primary key,
        claim_id uuid not null references claims_claim (id) on delete restrict,
        original_name varchar(255) not null,
        storage_name text not null unique,
        mime_type text not null,
        size_bytes integer not null,
        sha256 char(64) not null,
        uploaded_by text not null default 'CLIENT',
        client_visible boolean not null default true,
        crm_id text,
        created_at timestamptz not null
      );
      create index claims_document_claim_idx on claims_document (claim_id, created_at);

      create table claims_note (
        id uuid primary key,
        claim_id uuid not null references claims_claim (id) on delete restrict,
        author_type text not null,
        author_name varchar(200) not null,
        subject text,
        content text not null check (char_length(content) <= 10000),
        visibility text not null default 'SHARED',
        crm_id text,
        created_at timestamptz not null
      );
      create index claims_note_claim_idx on claims_note (claim_id, created_at);

      create table claims_magic_link_token (
        id uuid primary key,
        client_id uuid not null references claims_client (id) on delete cascade,
        token_hash char(64) not null unique,
        expires_at timestamptz not null,
        consumed_at timestamptz,
        requested_ip text,
        created_at timestamptz not null
      );
      create index claims_magic_link_token_expiry_idx on claims_magic_link_token (expires_at);

      create table claims_session (
        id uuid primary key,
        client_id uuid not null references claims_client (id) on delete cascade,
        session_hash char(64) not null unique,
        expires_at timestamptz not null,
        revoked_at timestamptz,
        last_seen_at timestamptz,
        created_at timestamptz not null
      );

      create table claims_audit_entry (
        id uuid primary key,
        -- Entries written in one transaction share a timestamp; seq keeps their written order.
        seq bigint generated always as identity,
        entity_type text not null,
        entity_id uuid not null,
        claim_id uuid,
        action text not null,
        field text,
        old_value text,
        new_value text,
        actor text not null,
        reason text,
        created_at timestamptz not null
      );
      create index claims_audit_entry_entity_idx on claims_audit_entry (entity_type, entity_id, created_at desc);
      create index claims_audit_entry_claim_idx on claims_audit_entry (claim_id, created_at);
      create index claims_audit_entry_created_idx on claims_audit_entry (created_at desc);

      -- The audit trail is evidence: the database itself refuses to change or remove it.
      create function claims_audit_entry_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'claims_audit_entry is append-only' using errcode = 'insufficient_privilege';
      end;
      $$;
      create trigger claims_audit_entry_no_update before update or delete on claims_audit_entry
        for each row execute function claims_audit_entry_refuse_change();
      create trigger claims_audit_entry_no_truncate before truncate on claims_audit_entry
        for each statement execute function claims_audit_entry_refuse_change();
    `)) {
      this.addSql(statement);
    }
  }
}
