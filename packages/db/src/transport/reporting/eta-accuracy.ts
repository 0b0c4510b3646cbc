import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';

export type RouteArrivalRow = { route_id: string; arrived_at: Date; eta_10: Date | null; eta_5: Date | null };

/** Every arrival of several routes of one tenant with the estimates kept 10 and 5 minutes before it. */
export const listArrivalsOfRoutes = (em: SqlEntityManager, tenantId: string, routeIds: readonly string[]): Promise<RouteArrivalRow[]> =>
  db(em)
    .selectFrom('transport_stop_arrival as a')
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
    .select(['a.route_id', 'a.arrived_at', 'ten.eta as eta_10', 'five.eta as eta_5'])
    .where('a.tenant_id', '=', tenantId)
    .where('a.route_id', 'in', routeIds)
    .orderBy('a.route_id')
    .orderBy('a.arrived_at')
    .execute();
