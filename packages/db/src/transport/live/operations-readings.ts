import type { SqlEntityManager } from '@mikro-orm/sql';
import { sql } from 'kysely';
import { db } from '../../kysely.ts';

/** An active route's run with a bus: its first and last stop times, and the bus's last position time. */
export type ScheduledRunReading = {
  tenant_id: string;
  time_zone: string;
  bus_id: string;
  first_time: string;
  last_time: string;
  last_update: Date | null;
};

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
    .select([
      'r.tenant_id',
      't.time_zone',
      'r.bus_id',
      'b.last_update',
      sql<string>`min(s.time)`.as('first_time'),
      sql<string>`max(s.time)`.as('last_time'),
    ])
    .where('r.status', '=', 'active')
    .where('s.time', 'is not', null)
    .groupBy(['r.tenant_id', 't.time_zone', 'r.id', 'r.bus_id', 'b.last_update', 's.direction'])
    .execute();

  return rows.map((row) => ({
    ...row,
    bus_id: String(row.bus_id),
    last_update: row.last_update === null ? null : new Date(row.last_update),
  }));
};
