import type { SqlEntityManager } from '@mikro-orm/sql';
import { sql } from 'kysely';
import { db } from '../../kysely.ts';

/** An active route's run with a bus: its first and last stop times, and the bus's last position time. */
export type ScheduledRunReading = { tenant_id: string; time_zone: string; bus_id: string; first_time: string; last_time: string; last_update: Date | null };

/**
 * Every run of every active route that has a bus, with the times the schedule gives it: the input
 * of the buses-without-a-position gauge. One row per route and direction, never per stop.
 */
export const readScheduledRuns = async (em: SqlEntityManager): Promise<ScheduledRunReading[]> => {
  const rows = await db(em)
    .selectFrom('transport_route as r')
    .innerJoin('transport_tenant as t', 't.id', 'r.tenant_id')
    .innerJoin('transport_bus as b', (join) => join.onRef('b.tenant_id', '=', 'r.tenant_id').onRef('b.id', '=', 'r.bus_id'))
    .innerJoin('transport_run_stop as s', (join) => join.onRef('s.tenant_id', '=', 'r.tenant_id').onRef('s.route_id', '=', 'r.id'))
    .select(['r.tenant_id', 't.time_zone', 'r.bus_id', 'b.last_update', sql<string>`min(s.time)`.as('first_time'), sql<string>`max(s.time)`.as('last_time')])
    .where('r.status', '=', 'active')
    .where('s.time', 'is not', null)
    .groupBy(['r.tenant_id', 't.time_zone', 'r.id', 'r.bus_id', 'b.last_update', 's.direction'])
    .execute();

  return rows.map((row) => ({ ...row, bus_id: String(row.bus_id), last_update: row.last_update === null ? null : new Date(row.last_update) }));
};

/** Per route and horizon: the arrivals with an estimate then, and those within the accuracy window of it. */
export type EtaAccuracyReading = { tenant_id: string; route_id: string; route_name: string; horizon_minutes: number; judged: number; within: number };

/**
 * The counts behind a route's published `eta_accuracy` (docs/transport.md, "Accuracy"), for every
 * route at once: arrivals with an estimate kept at a horizon, and how many came within
 * `withinMs` of it. Grouped by route and horizon, so its size is the number of routes.
 */
export const readEtaAccuracy = async (em: SqlEntityManager, withinMs: number): Promise<EtaAccuracyReading[]> =>
  db(em)
    .selectFrom('transport_stop_arrival as a')
    .innerJoin('transport_eta_snapshot as e', (join) =>
      join
        .onRef('e.tenant_id', '=', 'a.tenant_id')
        .onRef('e.route_id', '=', 'a.route_id')
        .onRef('e.trip_date', '=', 'a.trip_date')
        .onRef('e.direction', '=', 'a.direction')
        .onRef('e.stop_position', '=', 'a.stop_position'),
    )
    .innerJoin('transport_route as r', (join) => join.onRef('r.tenant_id', '=', 'a.tenant_id').onRef('r.id', '=', 'a.route_id'))
    .select([
      'a.tenant_id',
      'a.route_id',
      'r.name as route_name',
      'e.horizon_minutes',
      sql<number>`count(*)::int`.as('judged'),
      sql<number>`(count(*) filter (where abs(extract(epoch from (a.arrived_at - e.eta))) * 1000 <= cast(${withinMs} as double precision)))::int`.as('within'),
    ])
    .groupBy(['a.tenant_id', 'a.route_id', 'r.name', 'e.horizon_minutes'])
    .execute();
