import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/** Households, payers, children, allocations, registrations and invoices of the transport service. */
export class Migration20261122000330TransportBilling extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      create table transport_household (
        id text primary key,
        tenant_id text not null references transport_tenant (id),
        name varchar(200) not null,
        address varchar(500),
        first_pickup_date date,
        policy_acknowledged jsonb not null default '[]'::jsonb,
        emergency_contacts jsonb not null default '[]'::jsonb,
        created_at timestamptz not null default now()
      );
      create index transport_household_tenant_idx on transport_household (tenant_id, created_at);

      create table transport_payer (
        id text primary key,
        tenant_id text not null references transport_tenant (id),
        household_id text not null references transport_household (id) on delete cascade,
        name varchar(200) not null,
        email varchar(254),
        phone varchar(50),
        relationship varchar(50),
        is_primary boolean not null default false,
        created_at timestamptz not null default now()
      );
      create index transport_payer_household_idx on transport_payer (household_id, created_at);
      -- One primary payer per household: the registering parent.
      create unique index transport_payer_primary_uq on transport_payer (household_id) where is_primary;

      create table transport_child (
        id text primary key,
        tenant_id text not null references transport_tenant (id),
        household_id text not null references transport_household (id) on delete cascade,
        name varchar(200) not null,
        school varchar(200),
        school_id varchar(100),
        grade varchar(20),
        route varchar(100),
        transport_need text not null check (transport_need in ('morning', 'afternoon', 'both')),
        trip_type text not null check (trip_type in ('one_way', 'two_way')),
        rate_weekly_cents integer not null check (rate_weekly_cents >= 0),
        active boolean not null default true,
        created_at timestamptz not null default now()
      );
      create index transport_child_tenant_idx on transport_child (tenant_id, active);
      create index transport_child_household_idx on transport_child (household_id, created_at);

      create table transport_billing_allocation (
        id text primary key,
        tenant_id text not null references transport_tenant (id),
        household_id text not null references transport_household (id) on delete cascade,
        payer_id text not null references transport_payer (id) on delete cascade,
        child_id text not null references transport_child (id) on delete cascade,
        split_type text not null check (split_type in ('percentage', 'fixed', 'per_child')),
        value numeric(12, 2) not null check (value >= 0),
        created_at timestamptz not null default now()
      );
      create index transport_billing_allocation_household_idx on transport_billing_allocation (household_id, created_at);

      create table transport_registration (
        id text primary key,
        tenant_id text not null references transport_tenant (id),
        household_id text not null references transport_household (id) on delete cascade,
        status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
        parent_name varchar(200) not null,
        parent_email varchar(254) not null,
        parent_phone varchar(50),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index transport_registration_tenant_idx on transport_registration (tenant_id, created_at desc);

      create table transport_invoice (
        id text primary key,
        tenant_id text not null references transport_tenant (id),
        household_id text not null references transport_household (id) on delete cascade,
        payer_id text references transport_payer (id) on delete set null,
        kind text not null check (kind in ('registration', 'transportation')),
        status text not null check (status in ('pending', 'draft', 'sent', 'unpaid', 'partial', 'paid', 'void')),
        amount_cents integer not null check (amount_cents >= 0),
        amount_paid_cents integer not null default 0 check (amount_paid_cents >= 0),
        provider text not null default 'none',
        payment_url text,
        cycle_start date,
        cycle_end date,
        created_at timestamptz not null default now(),
        sent_at timestamptz
      );
      create index transport_invoice_household_idx on transport_invoice (household_id, kind);
      create index transport_invoice_tenant_status_idx on transport_invoice (tenant_id, status);
      -- Generating twice for one cycle must not bill a payer twice.
      create unique index transport_invoice_cycle_uq on transport_invoice (payer_id, cycle_start) where kind = 'transportation';
    `)) {
      this.addSql(statement);
    }
  }
}
