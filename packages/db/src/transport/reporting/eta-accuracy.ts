import type { SqlEntityManager } from '@mikro-orm/sql';
import { sql, type Expression, type SqlBool } from 'kysely';
import { db } from '../../kysely.ts';

/**
 * The counts behind a route's published `eta_accuracy` (docs/transport.md, "Accuracy"): the
 * arrivals recorded, and per horizon those with an estimate kept then (`judged_*`) and those that
 * came within `withinMs` of it (`within_*`). One row per route, however many arrivals it has.
 */
export type RouteAccuracyCounts = {
  tenant_id: string;
  route_id: string;
  route_name: string;
  arrivals: number;
  judged_10: number;
  within_10: number;
  judged_5: number;
  within_5: number;
};

/** Which routes to count: one tenant's listed routes (the REST and GraphQL answers), or every route (the metrics). */
export type AccuracyScope = { tenantId: string; routeIds: readonly string[] } | 'all';

const withinOf = (eta: 'ten.eta' | 'five.eta', withinMs: number): Expression<SqlBool> =>
  sql<SqlBool>`abs(extract(epoch from (a.arrived_at - ${sql.ref(eta)}))) * 1000 <= cast(${withinMs} as double precision)`;

export const countEtaAccuracy = async (em: SqlEntityManager, withinMs: number, scope: AccuracyScope): Promise<RouteAccuracyCounts[]> => {
  if (scope !== 'all' && scope.routeIds.length === 0) {
    return [];
  }
  let query = db(em)
    .selectFrom('transport_stop_arrival as a')
    .innerJoin('transport_route as r', (join) => join.onRef('r.tenant_id', '=', 'a.tenant_id').onRef('r.id', '=', 'a.route_id'))
    .leftJoin('transport_eta_snapshot as ten', (join) =>
      join
        .onRef('ten.tenant_id', '=', 'a.tenant_id')
        .onRef('ten.route_id', '=', 'a.route_id')
        .onRef('ten.trip_date', '=', 'a.trip_date')
        .onRef('ten.direction', '=', 'a.direction')
        .onRef('ten.stop_position', '=', 'a.stop_position')
        .on('ten.horizon_minutes', '=', 10),
    )
    .leftJoin('transport_eta_snapshot as five', (join) =>
      join
        .onRef('five.tenant_id', '=', 'a.tenant_id')
        .onRef('five.route_id', '=', 'a.route_id')
        .onRef('five.trip_date', '=', 'a.trip_date')
        .onRef('five.direction', '=', 'a.direction')
        .onRef('five.stop_position', '=', 'a.stop_position')
        .on('five.horizon_minutes', '=', 5),
    )
    .select([
      'a.tenant_id',
      'a.route_id',
      'r.name as route_name',
      sql<number>`count(*)::int`.as('arrivals'),
      sql<number>`count(ten.eta)::int`.as('judged_10'),
      sql<number>`(count(*) filter (where ${withinOf('ten.eta', withinMs)}))::int`.as('within_10'),
      sql<number>`count(five.eta)::int`.as('judged_5'),
      sql<number>`(count(*) filter (where ${withinOf('five.eta', withinMs)}))::int`.as('within_5'),
    ])
    .groupBy(['a.tenant_id', 'a.route_id', 'r.name']);
  if (scope !== 'all') {
    query = query.where('a.tenant_id', '=', scope.tenantId).where('a.route_id', 'in', scope.routeIds);
  }

  return query.execute();
};
