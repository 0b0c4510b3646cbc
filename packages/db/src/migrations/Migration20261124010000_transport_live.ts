import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * Live buses: where each bus is waiting near a stop, the estimates kept to judge their accuracy,
 * the arrivals, and the late notices (one per trip and stop, by key).
 */
export class Migration20261124010000TransportLive extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      create table transport_bus_near_stop (
        tenant_id text not null,
        bus_id text not null,
        route_id text not null,
        trip_date date not null,
        direction text not null,
        stop_position integer not null,
        since timestamptz not null,
        constraint transport_bus_near_stop_direction_check check (direction in ('morning', 'afternoon')),
        primary key (tenant_id, bus_id),
        constraint transport_bus_near_stop_tenant_id_bus_id_fkey foreign key (tenant_id, bus_id) references transport_bus (tenant_id, id) on delete cascade
      );

      create table transport_eta_snapshot (
        tenant_id text not null,
        route_id text not null,
        trip_date date not null,
        direction text not null,
        stop_position integer not null,
        horizon_minutes integer not null,
        eta timestamptz not null,
        made_at timestamptz not null,
        constraint transport_eta_snapshot_direction_check check (direction in ('morning', 'afternoon')),
        constraint transport_eta_snapshot_horizon_minutes_check check (horizon_minutes in (5, 10)),
        primary key (tenant_id, route_id, trip_date, direction, stop_position, horizon_minutes),
        constraint transport_eta_snapshot_tenant_id_route_id_fkey foreign key (tenant_id, route_id) references transport_route (tenant_id, id) on delete cascade
      );

      create table transport_stop_arrival (
        tenant_id text not null,
        route_id text not null,
        trip_date date not null,
        direction text not null,
        stop_position integer not null,
        bus_id text not null,
        arrived_at timestamptz not null,
        scheduled_at timestamptz,
        constraint transport_stop_arrival_direction_check check (direction in ('morning', 'afternoon')),
        primary key (tenant_id, route_id, trip_date, direction, stop_position),
        constraint transport_stop_arrival_tenant_id_route_id_fkey foreign key (tenant_id, route_id) references transport_route (tenant_id, id) on delete cascade
      );

      create table transport_late_notice (
        tenant_id text not null,
        route_id text not null,
        trip_date date not null,
        direction text not null,
        stop_position integer not null,
        scheduled_at timestamptz not null,
        eta timestamptz not null,
        minutes_late integer not null,
        notified_at timestamptz not null,
        constraint transport_late_notice_direction_check check (direction in ('morning', 'afternoon')),
        primary key (tenant_id, route_id, trip_date, direction, stop_position),
        constraint transport_late_notice_tenant_id_route_id_fkey foreign key (tenant_id, route_id) references transport_route (tenant_id, id) on delete cascade
      );
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop table if exists transport_late_notice');
    this.addSql('drop table if exists transport_stop_arrival');
    this.addSql('drop table if exists transport_eta_snapshot');
    this.addSql('drop table if exists transport_bus_near_stop');
  }
}
