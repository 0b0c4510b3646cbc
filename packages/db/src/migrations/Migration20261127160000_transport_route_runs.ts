import { Migration } from '@mikro-orm/migrations';

/**
 * A route's morning and afternoon runs: each a timetable over the route's stops (order, time and
 * riders per run). Each existing route's one list of times becomes the run its times fall in: the
 * route's mode when it runs one way, else the morning when its first time is before 12:00 (or it
 * has no time), the afternoon otherwise; its stops in their order with their times and riders.
 * The stops keep `time` and `riders`, which now answer from the runs.
 */
export class Migration20261127160000TransportRouteRuns extends Migration {
  override up(): void {
    this.addSql(`
      create table transport_run_stop (
        tenant_id text not null,
        route_id text not null,
        direction text not null,
        sequence integer not null,
        stop_position integer not null,
        time varchar(5),
        riders jsonb not null default '[]'::jsonb,
        constraint transport_run_stop_direction_check check (direction in ('morning', 'afternoon')),
        primary key (tenant_id, route_id, direction, sequence),
        constraint transport_run_stop_tenant_id_route_id_fkey foreign key (tenant_id, route_id) references transport_route (tenant_id, id) on delete cascade
      );
    `);
    this.addSql('create unique index transport_run_stop_stop_uq on transport_run_stop (tenant_id, route_id, direction, stop_position)');
    this.addSql(`
      insert into transport_run_stop (tenant_id, route_id, direction, sequence, stop_position, time, riders)
      select s.tenant_id, s.route_id,
        case
          when r.mode in ('morning', 'afternoon') then r.mode
          when coalesce((select min(t.time) from transport_route_stop t where t.tenant_id = s.tenant_id and t.route_id = s.route_id), '00:00') >= '12:00' then 'afternoon'
          else 'morning'
        end,
        s.position, s.position, s.time, s.riders
      from transport_route_stop s
      join transport_route r on r.tenant_id = s.tenant_id and r.id = s.route_id
    `);
  }

  override down(): void {
    this.addSql('drop table if exists transport_run_stop');
  }
}
