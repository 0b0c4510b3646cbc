import { Migration } from '@mikro-orm/migrations';

/**
 * Each tenant's own prices (weekly rates, registration fee, currency); existing tenants keep the
 * specification's numbers, which are the defaults of a new tenant. An invoice keeps the currency
 * it was issued in and, for the week of a first pickup after Monday, the school days it bills.
 */
export class Migration20261127140000TransportBillingGeneration extends Migration {
  override up(): void {
    this.addSql('alter table transport_tenant add column one_way_rate_cents integer not null default 12000');
    this.addSql('alter table transport_tenant add column two_way_rate_cents integer not null default 17500');
    this.addSql('alter table transport_tenant add column registration_fee_cents integer not null default 5000');
    this.addSql("alter table transport_tenant add column currency varchar(3) not null default 'USD'");
    this.addSql(
      'alter table transport_tenant add constraint transport_tenant_prices_check check (one_way_rate_cents >= 0 and one_way_rate_cents <= 100000000 and two_way_rate_cents >= 0 and two_way_rate_cents <= 100000000 and registration_fee_cents >= 0 and registration_fee_cents <= 100000000)',
    );
    this.addSql("alter table transport_invoice add column currency varchar(3) not null default 'USD'");
    this.addSql('alter table transport_invoice add column school_days smallint null');
    this.addSql(
      'alter table transport_invoice add constraint transport_invoice_school_days_check check (school_days >= 1 and school_days <= 4)',
    );
  }

  override down(): void {
    this.addSql('alter table transport_invoice drop constraint if exists transport_invoice_school_days_check');
    this.addSql('alter table transport_invoice drop column if exists school_days');
    this.addSql('alter table transport_invoice drop column if exists currency');
    this.addSql('alter table transport_tenant drop constraint if exists transport_tenant_prices_check');
    for (const column of ['currency', 'registration_fee_cents', 'two_way_rate_cents', 'one_way_rate_cents']) {
      this.addSql(`alter table transport_tenant drop column if exists ${column}`);
    }
  }
}
