import type { SqlEntityManager } from '@mikro-orm/sql';
import { placeholders } from './keyset.ts';

export type RouteArrivalRow = { route_id: string; arrived_at: Date; eta_10: Date | null; eta_5: Date | null };

/** Every arrival of several routes of one tenant with the estimates kept 10 and 5 minutes before it. */
export const listArrivalsOfRoutes = (em: SqlEntityManager, tenantId: string, routeIds: readonly string[]): Promise<RouteArrivalRow[]> =>
  // Hand-written for now: these tables' two-column route key is not yet spelt in kysely.ts's Database.
  em.execute<RouteArrivalRow[]>(
    `select a.route_id, a.arrived_at, ten.eta as eta_10, five.eta as eta_5
     from transport_stop_arrival a
     left join transport_eta_snapshot ten on ten.tenant_id = a.tenant_id and ten.route_id = a.route_id and ten.trip_date = a.trip_date
       and ten.direction = a.direction and ten.stop_position = a.stop_position and ten.horizon_minutes = 10
     left join transport_eta_snapshot five on five.tenant_id = a.tenant_id and five.route_id = a.route_id and five.trip_date = a.trip_date
       and five.direction = a.direction and five.stop_position = a.stop_position and five.horizon_minutes = 5
     where a.tenant_id = ? and a.route_id in (${placeholders(routeIds)})
     order by a.route_id, a.arrived_at`,
    [tenantId, ...routeIds],
  );
