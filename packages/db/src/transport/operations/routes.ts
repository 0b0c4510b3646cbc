import type { SqlEntityManager } from '@mikro-orm/sql';
import { firstFreeSlug, slugify } from '@switchyard/domain/transport/operations/route-slug';
import type { RouteMode, RouteStatus } from '@switchyard/domain/transport/operations/schemas';

export type RouteRow = {
  tenant_id: string;
  id: string;
  name: string;
  bus_id: string | null;
  driver: string | null;
  mode: RouteMode;
  status: RouteStatus;
  miles: number | null;
  stops: number;
  created_at: Date;
  updated_at: Date;
};

export type StopRow = {
  position: number;
  name: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  time: string | null;
  riders: unknown[];
};

export type StopValues = Omit<StopRow, 'position'>;

export type RouteValues = {
  name: string;
  bus_id: string | null;
  driver: string | null;
  mode: RouteMode;
  status: RouteStatus;
  miles: number | null;
};

export type RoutePatch = Partial<RouteValues> & { stops?: StopValues[] };

const COLUMNS = 'tenant_id, id, name, bus_id, driver, mode, status, miles, stops, created_at, updated_at';

export const listRoutes = (em: SqlEntityManager, tenantId: string): Promise<RouteRow[]> =>
  em.execute<RouteRow[]>(`select ${COLUMNS} from transport_route where tenant_id = ? order by name, id`, [tenantId]);

export const findRoute = async (em: SqlEntityManager, tenantId: string, id: string): Promise<RouteRow | null> => {
  const rows = await em.execute<RouteRow[]>(`select ${COLUMNS} from transport_route where tenant_id = ? and id = ?`, [tenantId, id]);

  return rows[0] ?? null;
};

export const listStops = (em: SqlEntityManager, tenantId: string, routeId: string): Promise<StopRow[]> =>
  em.execute<StopRow[]>(
    'select position, name, address, lat, lng, time, riders from transport_route_stop where tenant_id = ? and route_id = ? order by position',
    [tenantId, routeId],
  );

/** Replaces every stop of a route, in the given order, and keeps the route's stop count in step. */
export const replaceStops = async (tx: SqlEntityManager, tenantId: string, routeId: string, stops: readonly StopValues[]): Promise<void> => {
  await tx.execute('delete from transport_route_stop where tenant_id = ? and route_id = ?', [tenantId, routeId]);
  if (stops.length > 0) {
    const rows = stops.map(() => '(?, ?, ?::int, ?, ?::text, ?::double precision, ?::double precision, ?::text, ?::jsonb)').join(', ');
    const params = stops.flatMap((stop, index) => [
      tenantId,
      routeId,
      index + 1,
      stop.name,
      stop.address,
      stop.lat,
      stop.lng,
      stop.time,
      JSON.stringify(stop.riders),
    ]);
    await tx.execute(`insert into transport_route_stop (tenant_id, route_id, position, name, address, lat, lng, time, riders) values ${rows}`, params);
  }
  await tx.execute('update transport_route set stops = ?::int where tenant_id = ? and id = ?', [stops.length, tenantId, routeId]);
};

const insertRouteRow = async (tx: SqlEntityManager, tenantId: string, id: string, route: RouteValues, now: Date): Promise<boolean> => {
  const inserted = await tx.execute<{ id: string }[]>(
    `insert into transport_route (tenant_id, id, name, bus_id, driver, mode, status, miles, stops, created_at, updated_at)
     values (?, ?, ?, ?::text, ?::text, ?, ?, ?::double precision, 0, ?::timestamptz, ?::timestamptz)
     on conflict (tenant_id, id) do nothing returning id`,
    [tenantId, id, route.name, route.bus_id, route.driver, route.mode, route.status, route.miles, now.toISOString(), now.toISOString()],
  );

  return inserted.length > 0;
};

/**
 * Creates a route under a slug of its name that is free in the tenant. Two routes created at once
 * with the same name may pick the same slug; the loser of the insert simply takes the next one.
 */
export const createRoute = (em: SqlEntityManager, tenantId: string, route: RouteValues & { stops: StopValues[] }, now: Date): Promise<string> =>
  em.fork().transactional(async (tx) => createRouteInTx(tx, tenantId, route, now));

export const createRouteInTx = async (tx: SqlEntityManager, tenantId: string, route: RouteValues & { stops: StopValues[] }, now: Date): Promise<string> => {
  const base = slugify(route.name);
  for (;;) {
    const taken = await tx.execute<{ id: string }[]>(
      "select id from transport_route where tenant_id = ? and (id = ? or id like ? || '-%')",
      [tenantId, base, base],
    );
    const id = firstFreeSlug(base, new Set(taken.map((row) => row.id)));
    if (await insertRouteRow(tx, tenantId, id, route, now)) {
      await replaceStops(tx, tenantId, id, route.stops);

      return id;
    }
  }
};

/** Creates the route under exactly this id, or, when `replace`, overwrites it and its stops. */
export const saveRouteWithId = async (
  tx: SqlEntityManager,
  tenantId: string,
  id: string,
  route: RouteValues & { stops: StopValues[] },
  options: { replace: boolean; now: Date },
): Promise<boolean> => {
  if (await insertRouteRow(tx, tenantId, id, route, options.now)) {
    await replaceStops(tx, tenantId, id, route.stops);

    return true;
  }
  if (!options.replace) {
    return false;
  }
  await applyRoutePatch(tx, tenantId, id, route, options.now);

  return true;
};

const PATCHABLE: (keyof RouteValues)[] = ['name', 'bus_id', 'driver', 'mode', 'status', 'miles'];
const CASTS: Record<keyof RouteValues, string> = {
  name: '?',
  bus_id: '?::text',
  driver: '?::text',
  mode: '?',
  status: '?',
  miles: '?::double precision',
};

const applyRoutePatch = async (tx: SqlEntityManager, tenantId: string, id: string, patch: RoutePatch, now: Date): Promise<boolean> => {
  const fields = PATCHABLE.filter((field) => patch[field] !== undefined);
  const assignments = [...fields.map((field) => `${field} = ${CASTS[field]}`), 'updated_at = ?::timestamptz'];
  const updated = await tx.execute<{ id: string }[]>(
    `update transport_route set ${assignments.join(', ')} where tenant_id = ? and id = ? returning id`,
    [...fields.map((field) => patch[field] ?? null), now.toISOString(), tenantId, id],
  );
  if (updated.length === 0) {
    return false;
  }
  if (patch.stops !== undefined) {
    await replaceStops(tx, tenantId, id, patch.stops);
  }

  return true;
};

/** Answers false when the tenant has no such route. */
export const updateRoute = (em: SqlEntityManager, tenantId: string, id: string, patch: RoutePatch, now: Date): Promise<boolean> =>
  em.fork().transactional((tx) => applyRoutePatch(tx, tenantId, id, patch, now));

/** Deletes the route; its stops go with it (foreign key cascade). Answers false when there was none. */
export const deleteRoute = async (em: SqlEntityManager, tenantId: string, id: string): Promise<boolean> => {
  const deleted = await em.execute<{ id: string }[]>('delete from transport_route where tenant_id = ? and id = ? returning id', [tenantId, id]);

  return deleted.length > 0;
};
