import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * Where a tenant's maps open (all three columns set, or none: then the maps take the tenant's
 * stops), and the address search answers kept for a month per normalised query and search area.
 * Tenants that exist get no home area: their maps open on their stops, as the web app shows them.
 */
export class Migration20261128020000TransportHomeAreaGeocode extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      alter table transport_tenant add column home_lat double precision;
      alter table transport_tenant add column home_lng double precision;
      alter table transport_tenant add column home_zoom int;
      alter table transport_tenant add constraint transport_tenant_home_lat_check check (home_lat >= '-90'::double precision and home_lat <= '90'::double precision);
      alter table transport_tenant add constraint transport_tenant_home_lng_check check (home_lng >= '-180'::double precision and home_lng <= '180'::double precision);
      alter table transport_tenant add constraint transport_tenant_home_zoom_check check (home_zoom >= 3 and home_zoom <= 17);
      alter table transport_tenant add constraint transport_tenant_home_area_check check ((home_lat is null) = (home_lng is null) and (home_lat is null) = (home_zoom is null));
      create table transport_geocode_cache (
        query text not null,
        area text not null,
        results jsonb not null,
        fetched_at timestamptz not null,
        primary key (query, area)
      );
      create index transport_geocode_cache_fetched_idx on transport_geocode_cache (fetched_at);
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    for (const statement of splitStatements(`
      drop table if exists transport_geocode_cache;
      alter table transport_tenant drop constraint if exists transport_tenant_home_area_check;
      alter table transport_tenant drop constraint if exists transport_tenant_home_zoom_check;
      alter table transport_tenant drop constraint if exists transport_tenant_home_lng_check;
      alter table transport_tenant drop constraint if exists transport_tenant_home_lat_check;
      alter table transport_tenant drop column if exists home_zoom;
      alter table transport_tenant drop column if exists home_lng;
      alter table transport_tenant drop column if exists home_lat;
    `)) {
      this.addSql(statement);
    }
  }
}
