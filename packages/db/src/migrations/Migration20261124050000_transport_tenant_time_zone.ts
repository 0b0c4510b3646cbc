import { Migration } from '@mikro-orm/migrations';

/**
 * The tenant's time zone (an IANA name): route stop times are wall-clock times there, and "today"
 * is its local day. Tenants that exist keep reading their stop times as UTC, as they did.
 */
export class Migration20261124050000TransportTenantTimeZone extends Migration {
  override up(): void {
    this.addSql("alter table transport_tenant add column time_zone varchar(64) not null default 'UTC'");
  }

  override down(): void {
    this.addSql('alter table transport_tenant drop column if exists time_zone');
  }
}
