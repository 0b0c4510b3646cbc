import type { SqlEntityManager } from '@mikro-orm/sql';
import type { RouteRow, StopRow } from '../operations/routes.ts';
import { placeholders } from './keyset.ts';

const ROUTE_COLUMNS = 'tenant_id, id, name, bus_id, driver, mode, status, miles, stops, created_at, updated_at';

/** The tenant's routes ordered by name like the REST list, optionally only those in `statuses`. */
export const listReportRoutes = (em: SqlEntityManager, tenantId: string, statuses?: readonly string[]): Promise<RouteRow[]> => {
  const only = statuses && statuses.length > 0 ? `and status in (${placeholders(statuses)})` : '';

  return em.execute<RouteRow[]>(`select ${ROUTE_COLUMNS} from transport_route where tenant_id = ? ${only} order by name, id`, [
    tenantId,
    ...(statuses ?? []),
  ]);
};

export type RouteStopRow = StopRow & { route_id: string };

/** The stops of several routes of one tenant, in each route's order. */
export const listStopsOfRoutes = (em: SqlEntityManager, tenantId: string, routeIds: readonly string[]): Promise<RouteStopRow[]> =>
  em.execute<RouteStopRow[]>(
    `select route_id, position, name, address, lat, lng, time, riders from transport_route_stop
     where tenant_id = ? and route_id in (${placeholders(routeIds)}) order by route_id, position`,
    [tenantId, ...routeIds],
  );

/** The routes assigned to several buses of one tenant, by name. */
export const listRoutesOfBuses = (em: SqlEntityManager, tenantId: string, busIds: readonly string[]): Promise<RouteRow[]> =>
  em.execute<RouteRow[]>(
    `select ${ROUTE_COLUMNS} from transport_route where tenant_id = ? and bus_id in (${placeholders(busIds)}) order by name, id`,
    [tenantId, ...busIds],
  );
