import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * Payments against invoices, recorded by staff or by a provider's notification, and what voiding
 * an invoice keeps: its reason and time. `provider_ref` is the provider's id of the checkout made
 * for the invoice (a Stripe checkout session, a Square order), which its notifications name.
 * A provider's payment is recorded once: its id is unique per provider, so a repeated notification
 * finds the row and changes nothing.
 */
export class Migration20261124001610TransportInvoicePayments extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      alter table transport_invoice add column void_reason varchar(500);
      alter table transport_invoice add column voided_at timestamptz;
      alter table transport_invoice add column provider_ref text;
      create index transport_invoice_provider_ref_idx on transport_invoice (provider, provider_ref) where provider_ref is not null;

      create table transport_payment (
        id text primary key,
        tenant_id text not null references transport_tenant (id),
        invoice_id text not null references transport_invoice (id) on delete cascade,
        amount_cents integer not null check (amount_cents > 0),
        method text not null check (method in ('cash', 'check', 'bank_transfer', 'card', 'other')),
        reference varchar(200),
        provider text,
        provider_payment_id text,
        paid_at timestamptz not null,
        recorded_by text not null,
        created_at timestamptz not null default now()
      );
      create index transport_payment_invoice_idx on transport_payment (invoice_id, paid_at);
      create unique index transport_payment_provider_uq on transport_payment (provider, provider_payment_id) where provider_payment_id is not null;
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop table if exists transport_payment');
    this.addSql('drop index if exists transport_invoice_provider_ref_idx');
    this.addSql('alter table transport_invoice drop column if exists provider_ref');
    this.addSql('alter table transport_invoice drop column if exists voided_at');
    this.addSql('alter table transport_invoice drop column if exists void_reason');
  }
}
