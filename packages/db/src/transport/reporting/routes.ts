import type { SqlEntityManager } from '@mikro-orm/sql';
import type { RouteStatus } from '@switchyard/domain/transport/operations/schemas';
import { db } from '../../kysely.ts';
import { selectRoutes, type RouteRow, type StopPosition, type StopRow } from '../operations/routes.ts';

/** The tenant's routes ordered by name like the REST list, optionally only those in `statuses`. */
export const listReportRoutes = (em: SqlEntityManager, tenantId: string, statuses?: readonly RouteStatus[]): Promise<RouteRow[]> => {
  const only = statuses ?? [];

  return selectRoutes(em, tenantId)
    .$if(only.length > 0, (query) => query.where('status', 'in', only))
    .orderBy('name')
    .orderBy('id')
    .execute();
};

export type RouteStopRow = StopRow & { route_id: string };

/** The stops of several routes of one tenant, in each route's order. */
export const listStopsOfRoutes = (em: SqlEntityManager, tenantId: string, routeIds: readonly string[]): Promise<RouteStopRow[]> =>
  db(em)
    .selectFrom('transport_route_stop')
    .select(['route_id', 'position', 'name', 'address', 'lat', 'lng', 'time', 'riders'])
    .$narrowType<StopPosition>()
    .where('tenant_id', '=', tenantId)
    .where('route_id', 'in', routeIds)
    .orderBy('route_id')
    .orderBy('position')
    .execute();

/** The routes assigned to several buses of one tenant, by name. */
export const listRoutesOfBuses = (em: SqlEntityManager, tenantId: string, busIds: readonly string[]): Promise<RouteRow[]> =>
  selectRoutes(em, tenantId).where('bus_id', 'in', busIds).orderBy('name').orderBy('id').execute();
