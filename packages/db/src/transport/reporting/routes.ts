import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';
import type { RouteRow, StopRow } from '../operations/routes.ts';

const ROUTE_COLUMNS = ['tenant_id', 'id', 'name', 'bus_id', 'driver', 'mode', 'status', 'miles', 'stops', 'created_at', 'updated_at'] as const;

/** The tenant's routes ordered by name like the REST list, optionally only those in `statuses`. */
export const listReportRoutes = async (em: SqlEntityManager, tenantId: string, statuses?: readonly string[]): Promise<RouteRow[]> => {
  const only = statuses ?? [];
  const rows = await db(em)
    .selectFrom('transport_route')
    .select(ROUTE_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .$if(only.length > 0, (query) => query.where('status', 'in', only))
    .orderBy('name')
    .orderBy('id')
    .execute();

  // mode and status are the checked values the entity types as text.
  return rows as RouteRow[];
};

export type RouteStopRow = StopRow & { route_id: string };

/** The stops of several routes of one tenant, in each route's order. */
export const listStopsOfRoutes = async (em: SqlEntityManager, tenantId: string, routeIds: readonly string[]): Promise<RouteStopRow[]> => {
  const rows = await db(em)
    .selectFrom('transport_route_stop')
    .select(['route_id', 'position', 'name', 'address', 'lat', 'lng', 'time', 'riders'])
    .where('tenant_id', '=', tenantId)
    .where('route_id', 'in', routeIds)
    .orderBy('route_id')
    .orderBy('position')
    .execute();

  // A double precision column comes back from the driver as a number.
  return rows as RouteStopRow[];
};

/** The routes assigned to several buses of one tenant, by name. */
export const listRoutesOfBuses = async (em: SqlEntityManager, tenantId: string, busIds: readonly string[]): Promise<RouteRow[]> => {
  const rows = await db(em).selectFrom('transport_route').select(ROUTE_COLUMNS).where('tenant_id', '=', tenantId).where('bus_id', 'in', busIds).orderBy('name').orderBy('id').execute();

  // mode and status are the checked values the entity types as text.
  return rows as RouteRow[];
};
