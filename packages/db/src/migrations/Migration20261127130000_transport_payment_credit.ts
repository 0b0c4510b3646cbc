import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * Money is recorded whatever the invoice's state: a payment keeps the part of it that became
 * household credit (`credited_cents`) and a flag the operator sees (`void_invoice`, `overpaid`).
 * The household's credit is a ledger (`transport_household_credit`): credit from payments is
 * positive, refunds and credit applied to a later invoice are negative, the balance is the sum.
 * An invoice keeps the credit applied to it. `transport_checkout_session` keeps every checkout
 * made for an invoice, so the open one can be expired when the balance changes or the invoice is
 * voided: `provider_ref` is what the provider's notifications name (a Stripe session, a Square
 * order), `link_id` what expiring it takes (the Stripe session, the Square payment link).
 */
export class Migration20261127130000TransportPaymentCredit extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      alter table transport_payment add column credited_cents integer not null default 0;
      alter table transport_payment add constraint transport_payment_credited_cents_check check (credited_cents >= 0);
      alter table transport_payment add column flag text;
      alter table transport_payment add constraint transport_payment_flag_check check (flag in ('void_invoice', 'overpaid'));
      alter table transport_invoice add column credit_applied_cents integer not null default 0;
      alter table transport_invoice add constraint transport_invoice_credit_applied_cents_check check (credit_applied_cents >= 0);

      create table transport_household_credit (
        id text primary key,
        tenant_id text not null references transport_tenant (id),
        household_id text not null references transport_household (id) on delete cascade,
        amount_cents integer not null check (amount_cents <> 0),
        kind text not null check (kind in ('overpayment', 'refund', 'applied', 'released')),
        invoice_id text references transport_invoice (id) on delete set null,
        payment_id text references transport_payment (id) on delete set null,
        note varchar(500),
        occurred_at timestamptz not null,
        recorded_by text not null,
        created_at timestamptz not null default now()
      );
      create index transport_household_credit_household_idx on transport_household_credit (household_id, created_at);

      create table transport_checkout_session (
        id text primary key,
        tenant_id text not null references transport_tenant (id),
        invoice_id text not null references transport_invoice (id) on delete cascade,
        provider text not null,
        provider_ref text,
        link_id text,
        url text not null,
        amount_cents integer not null check (amount_cents > 0),
        status text not null default 'open' check (status in ('open', 'expired', 'completed')),
        closed_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index transport_checkout_session_invoice_idx on transport_checkout_session (invoice_id, created_at);
      create index transport_checkout_session_ref_idx on transport_checkout_session (provider, provider_ref) where provider_ref is not null;
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop table if exists transport_checkout_session');
    this.addSql('drop table if exists transport_household_credit');
    this.addSql('alter table transport_invoice drop column if exists credit_applied_cents');
    this.addSql('alter table transport_payment drop column if exists flag');
    this.addSql('alter table transport_payment drop column if exists credited_cents');
  }
}
