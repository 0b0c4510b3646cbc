import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * The same range checks on the double precision columns, written with typed literals. PostgreSQL
 * stores `lat between -90 and 90` as `('-90'::integer)::double precision`, which MikroORM's schema
 * introspection reads back wrongly, so the entities could never match it; `'-90'` is stored as
 * `'-90'::double precision` and reads back as written. What the checks allow does not change.
 */
export class Migration20261124000917DoublePrecisionChecks extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      alter table transport_bus drop constraint transport_bus_lat_check;
      alter table transport_bus add constraint transport_bus_lat_check check (lat >= '-90' and lat <= '90');
      alter table transport_bus drop constraint transport_bus_lng_check;
      alter table transport_bus add constraint transport_bus_lng_check check (lng >= '-180' and lng <= '180');
      alter table transport_route drop constraint transport_route_miles_check;
      alter table transport_route add constraint transport_route_miles_check check (miles >= '0');
      alter table transport_route_stop drop constraint transport_route_stop_lat_check;
      alter table transport_route_stop add constraint transport_route_stop_lat_check check (lat >= '-90' and lat <= '90');
      alter table transport_route_stop drop constraint transport_route_stop_lng_check;
      alter table transport_route_stop add constraint transport_route_stop_lng_check check (lng >= '-180' and lng <= '180');
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    for (const statement of splitStatements(`
      alter table transport_bus drop constraint transport_bus_lat_check;
      alter table transport_bus add constraint transport_bus_lat_check check (lat between -90 and 90);
      alter table transport_bus drop constraint transport_bus_lng_check;
      alter table transport_bus add constraint transport_bus_lng_check check (lng between -180 and 180);
      alter table transport_route drop constraint transport_route_miles_check;
      alter table transport_route add constraint transport_route_miles_check check (miles >= 0);
      alter table transport_route_stop drop constraint transport_route_stop_lat_check;
      alter table transport_route_stop add constraint transport_route_stop_lat_check check (lat between -90 and 90);
      alter table transport_route_stop drop constraint transport_route_stop_lng_check;
      alter table transport_route_stop add constraint transport_route_stop_lng_check check (lng between -180 and 180);
    `)) {
      this.addSql(statement);
    }
  }
}
