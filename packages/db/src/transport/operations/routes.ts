import type { SqlEntityManager } from '@mikro-orm/sql';
import { firstFreeSlug, slugify } from '@switchyard/domain/transport/operations/route-slug';
import { runOfStops, stopFieldsOfRuns, type Run } from '@switchyard/domain/transport/operations/runs';
import type { RouteMode, RouteStatus } from '@switchyard/domain/transport/operations/schemas';
import type { TripDirection } from '@switchyard/domain/transport/live/trip';
import { db, escapeLike, jsonb } from '../../kysely.ts';
import { Route } from './entities.ts';

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

/** Double precision, which the driver answers as numbers. */
export type StopPosition = { lat: number | null; lng: number | null };

export type RouteValues = {
  name: string;
  bus_id: string | null;
  driver: string | null;
  mode: RouteMode;
  status: RouteStatus;
  miles: number | null;
};

/** A route to store; without `runs`, its stops' times and riders are its one run (runOfStops). */
export type NewRoute = RouteValues & { stops: StopValues[]; runs?: Run[] };

/** `runs` replaces every run (the procedures send it whenever `stops` changes). */
export type RoutePatch = Partial<RouteValues> & { stops?: StopValues[]; runs?: Run[] };

const COLUMNS = ['tenant_id', 'id', 'name', 'bus_id', 'driver', 'mode', 'status', 'miles', 'stops', 'created_at', 'updated_at'] as const;

/** A tenant's routes as `RouteRow`s: the checked text columns as their unions, double precision as numbers (as the driver answers). */
export const selectRoutes = (em: SqlEntityManager, tenantId: string) =>
  db(em)
    .selectFrom('transport_route')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .$narrowType<{ mode: RouteMode; status: RouteStatus; miles: number | null }>();

export const listRoutes = (em: SqlEntityManager, tenantId: string): Promise<RouteRow[]> =>
  selectRoutes(em, tenantId).orderBy('name').orderBy('id').execute();

export const findRoute = async (em: SqlEntityManager, tenantId: string, id: string): Promise<RouteRow | null> =>
  (await selectRoutes(em, tenantId).where('id', '=', id).executeTakeFirst()) ?? null;

export const listStops = (em: SqlEntityManager, tenantId: string, routeId: string): Promise<StopRow[]> =>
  db(em)
    .selectFrom('transport_route_stop')
    .select(['position', 'name', 'address', 'lat', 'lng', 'time', 'riders'])
    .$narrowType<StopPosition>()
    .where('tenant_id', '=', tenantId)
    .where('route_id', '=', routeId)
    .orderBy('position')
    .execute();

/** The route's runs, morning first, each with its stops in run order. */
export const listRuns = async (em: SqlEntityManager, tenantId: string, routeId: string): Promise<Run[]> =>
  (await runsOfRoutes(em, tenantId, [routeId])).get(routeId) ?? [];

/** The runs of several routes of a tenant, by route id. */
export const runsOfRoutes = async (em: SqlEntityManager, tenantId: string, routeIds: readonly string[]): Promise<Map<string, Run[]>> => {
  const runs = new Map<string, Run[]>();
  if (routeIds.length === 0) {
    return runs;
  }
  const rows = await db(em)
    .selectFrom('transport_run_stop')
    .select(['route_id', 'direction', 'sequence', 'stop_position', 'time', 'riders'])
    .$narrowType<{ direction: TripDirection }>()
    .where('tenant_id', '=', tenantId)
    .where('route_id', 'in', routeIds)
    .orderBy('route_id')
    // 'afternoon' sorts before 'morning': the morning run is put first below.
    .orderBy('direction', 'desc')
    .orderBy('sequence')
    .execute();
  for (const row of rows) {
    const list = runs.get(row.route_id) ?? [];
    let run = list.find((candidate) => candidate.direction === row.direction);
    if (!run) {
      run = { direction: row.direction, stops: [] };
      list.push(run);
      runs.set(row.route_id, list);
    }
    run.stops.push({ position: row.stop_position, time: row.time, riders: row.riders });
  }

  return runs;
};

/**
 * Replaces every run of a route and writes what the stops' `time` and `riders` answer from them
 * (the time of the stop's first run, the riders of all runs), so the spec's fields stay true.
 */
export const replaceRuns = async (
  tx: SqlEntityManager,
  tenantId: string,
  routeId: string,
  runs: readonly Run[],
  stopCount: number,
): Promise<void> => {
  await db(tx).deleteFrom('transport_run_stop').where('tenant_id', '=', tenantId).where('route_id', '=', routeId).execute();
  const rows = runs.flatMap((run) =>
    run.stops.map((stop, index) => ({
      tenant_id: tenantId,
      route_id: routeId,
      direction: run.direction,
      sequence: index + 1,
      stop_position: stop.position,
      time: stop.time,
      riders: jsonb(stop.riders),
    })),
  );
  if (rows.length > 0) {
    await db(tx).insertInto('transport_run_stop').values(rows).execute();
  }
  for (const [index, fields] of stopFieldsOfRuns(stopCount, runs).entries()) {
    await db(tx)
      .updateTable('transport_route_stop')
      .set({ time: fields.time, riders: jsonb(fields.riders) })
      .where('tenant_id', '=', tenantId)
      .where('route_id', '=', routeId)
      .where('position', '=', index + 1)
      .execute();
  }
};

/** Replaces every stop of a route, in the given order, and keeps the route's stop count in step. */
export const replaceStops = async (
  tx: SqlEntityManager,
  tenantId: string,
  routeId: string,
  stops: readonly StopValues[],
): Promise<void> => {
  await db(tx).deleteFrom('transport_route_stop').where('tenant_id', '=', tenantId).where('route_id', '=', routeId).execute();
  if (stops.length > 0) {
    await db(tx)
      .insertInto('transport_route_stop')
      .values(
        stops.map((stop, index) => ({
          tenant_id: tenantId,
          route_id: routeId,
          position: index + 1,
          name: stop.name,
          address: stop.address,
          lat: stop.lat,
          lng: stop.lng,
          time: stop.time,
          riders: jsonb(stop.riders),
        })),
      )
      .execute();
  }
  await db(tx)
    .updateTable('transport_route')
    .set({ stops: stops.length })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', routeId)
    .execute();
};

const insertRouteRow = async (tx: SqlEntityManager, tenantId: string, id: string, route: RouteValues, now: Date): Promise<boolean> => {
  const inserted = await db(tx)
    .insertInto('transport_route')
    .values({
      tenant_id: tenantId,
      id,
      name: route.name,
      bus_id: route.bus_id,
      driver: route.driver,
      mode: route.mode,
      status: route.status,
      miles: route.miles,
      stops: 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.columns(['tenant_id', 'id']).doNothing())
    .returning('id')
    .execute();

  return inserted.length > 0;
};

/**
 * Creates a route under a slug of its name that is free in the tenant. Two routes created at once
 * with the same name may pick the same slug; the loser of the insert simply takes the next one.
 */
export const createRoute = (em: SqlEntityManager, tenantId: string, route: NewRoute, now: Date): Promise<string> =>
  em.fork().transactional(async (tx) => createRouteInTx(tx, tenantId, route, now));

const saveStopsAndRuns = async (tx: SqlEntityManager, tenantId: string, id: string, route: NewRoute): Promise<void> => {
  await replaceStops(tx, tenantId, id, route.stops);
  await replaceRuns(tx, tenantId, id, route.runs ?? runOfStops(route.mode, route.stops), route.stops.length);
};

export const createRouteInTx = async (tx: SqlEntityManager, tenantId: string, route: NewRoute, now: Date): Promise<string> => {
  const base = slugify(route.name);
  for (;;) {
    const taken = await db(tx)
      .selectFrom('transport_route')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where((where) => where.or([where('id', '=', base), where('id', 'like', `${escapeLike(base)}-%`)]))
      .execute();
    const id = firstFreeSlug(base, new Set(taken.map((row) => row.id)));
    if (await insertRouteRow(tx, tenantId, id, route, now)) {
      await saveStopsAndRuns(tx, tenantId, id, route);

      return id;
    }
  }
};
/** Creates the route under exactly this id, or, when `replace`, overwrites it and its stops. */
export const saveRouteWithId = async (
  tx: SqlEntityManager,
  tenantId: string,
  id: string,
  route: NewRoute,
  options: { replace: boolean; now: Date },
): Promise<boolean> => {
  if (await insertRouteRow(tx, tenantId, id, route, options.now)) {
    await saveStopsAndRuns(tx, tenantId, id, route);

    return true;
  }
  if (!options.replace) {
    return false;
  }
  await applyRoutePatch(tx, tenantId, id, { ...route, runs: route.runs ?? runOfStops(route.mode, route.stops) }, options.now);

  return true;
};

const PATCHABLE = ['name', 'bus_id', 'driver', 'mode', 'status', 'miles'] as const;

const applyRoutePatch = async (tx: SqlEntityManager, tenantId: string, id: string, patch: RoutePatch, now: Date): Promise<boolean> => {
  const changes = Object.fromEntries(
    PATCHABLE.filter((field) => patch[field] !== undefined).map((field) => [field, patch[field]]),
  ) as Partial<RouteValues>;
  const updated = await db(tx)
    .updateTable('transport_route')
    .set({ ...changes, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning('id')
    .execute();
  if (updated.length === 0) {
    return false;
  }
  if (patch.stops !== undefined) {
    await replaceStops(tx, tenantId, id, patch.stops);
  }
  if (patch.runs !== undefined) {
    const count =
      patch.stops?.length ??
      (
        await db(tx)
          .selectFrom('transport_route')
          .select('stops')
          .where('tenant_id', '=', tenantId)
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).stops;
    await replaceRuns(tx, tenantId, id, patch.runs, count);
  }

  return true;
};

/** Answers false when the tenant has no such route. */
export const updateRoute = (em: SqlEntityManager, tenantId: string, id: string, patch: RoutePatch, now: Date): Promise<boolean> =>
  em.fork().transactional((tx) => applyRoutePatch(tx, tenantId, id, patch, now));

/** Deletes the route; its stops go with it (foreign key cascade). Answers false when there was none. */
export const deleteRoute = async (em: SqlEntityManager, tenantId: string, id: string): Promise<boolean> => {
  const deleted = await em.nativeDelete(Route, { tenantId, id });

  return deleted > 0;
};
