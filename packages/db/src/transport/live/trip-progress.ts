import type { SqlEntityManager } from '@mikro-orm/sql';
import type { RouteMode, RouteStatus } from '@switchyard/domain/transport/operations/schemas';
import type { TripDirection } from '@switchyard/domain/transport/live/trip';
import { sql } from 'kysely';
import { db } from '../../kysely.ts';
import { runsOfRoutes } from '../operations/routes.ts';

export type TripKey = { tenantId: string; routeId: string; date: string; direction: TripDirection };
export type LiveStop = {
  position: number;
  name: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  time: string | null;
  riders: unknown[];
};
/** One run of a route: its stops in run order, each with the run's time and riders. */
export type LiveRun = { direction: TripDirection; stops: LiveStop[] };
export type LiveRoute = {
  id: string;
  name: string;
  mode: RouteMode;
  status: RouteStatus;
  bus_id: string | null;
  stops: LiveStop[];
  runs: LiveRun[];
};

/** The run of a route in a direction; null when the route has none. */
export const runOf = (route: LiveRoute, direction: TripDirection): LiveRun | null =>
  route.runs.find((run) => run.direction === direction) ?? null;

/** A run's direction and times, as the trip rules read them. */
export const runTimesOf = (route: LiveRoute) =>
  route.runs.map((run) => ({ direction: run.direction, times: run.stops.map((stop) => stop.time) }));

const withStops = async (em: SqlEntityManager, tenantId: string, routes: Omit<LiveRoute, 'stops' | 'runs'>[]): Promise<LiveRoute[]> => {
  if (routes.length === 0) {
    return [];
  }
  const stops = await db(em)
    .selectFrom('transport_route_stop')
    .select(['route_id', 'position', 'name', 'address', 'lat', 'lng', 'time', 'riders'])
    // Double precision, which the driver answers as numbers.
    .$narrowType<{ lat: number | null; lng: number | null }>()
    .where('tenant_id', '=', tenantId)
    .where(
      'route_id',
      'in',
      routes.map((route) => route.id),
    )
    .orderBy('route_id')
    .orderBy('position')
    .execute();

  const runs = await runsOfRoutes(
    em,
    tenantId,
    routes.map((route) => route.id),
  );

  return routes.map((route) => {
    const own = stops.filter((stop) => stop.route_id === route.id).map(({ route_id: _routeId, ...stop }) => stop);
    const ownRuns = (runs.get(route.id) ?? []).map((run) => ({
      direction: run.direction,
      stops: run.stops.flatMap((runStop) => {
        const stop = own.find((candidate) => candidate.position === runStop.position);

        return stop ? [{ ...stop, time: runStop.time, riders: runStop.riders }] : [];
      }),
    }));

    return { ...route, stops: own, runs: ownRuns };
  });
};

const selectLiveRoutes = (em: SqlEntityManager, tenantId: string) =>
  db(em)
    .selectFrom('transport_route')
    .select(['id', 'name', 'mode', 'status', 'bus_id'])
    .where('tenant_id', '=', tenantId)
    .$narrowType<{ mode: RouteMode; status: RouteStatus }>();

/** The tenant's active routes this bus drives, with their stops in order. */
export const activeRoutesOfBus = async (em: SqlEntityManager, tenantId: string, busId: string): Promise<LiveRoute[]> =>
  withStops(
    em,
    tenantId,
    await selectLiveRoutes(em, tenantId).where('bus_id', '=', busId).where('status', '=', 'active').orderBy('id').execute(),
  );

/** One route of the tenant with its stops; null when there is none. */
export const liveRoute = async (em: SqlEntityManager, tenantId: string, routeId: string): Promise<LiveRoute | null> =>
  (await withStops(em, tenantId, await selectLiveRoutes(em, tenantId).where('id', '=', routeId).execute()))[0] ?? null;

/** Routes of the tenant by id, with their stops. */
export const liveRoutes = async (em: SqlEntityManager, tenantId: string, routeIds: readonly string[]): Promise<LiveRoute[]> =>
  routeIds.length === 0
    ? []
    : withStops(em, tenantId, await selectLiveRoutes(em, tenantId).where('id', 'in', routeIds).orderBy('id').execute());

/** The trip's columns of a live table's row. */
export const tripColumns = (trip: TripKey) => ({
  tenant_id: trip.tenantId,
  route_id: trip.routeId,
  trip_date: trip.date,
  direction: trip.direction,
});

/** The stops reached on a trip, by position. */
export const tripArrivals = async (em: SqlEntityManager, trip: TripKey): Promise<Map<number, Date>> => {
  const rows = await db(em)
    .selectFrom('transport_stop_arrival')
    .select(['stop_position', 'arrived_at'])
    .where('tenant_id', '=', trip.tenantId)
    .where('route_id', '=', trip.routeId)
    .where('trip_date', '=', trip.date)
    .where('direction', '=', trip.direction)
    .execute();

  return new Map(rows.map((row) => [row.stop_position, new Date(row.arrived_at)]));
};

/** Records a stop as reached; false when it already was (the first arrival stands). */
export const recordArrival = async (
  em: SqlEntityManager,
  trip: TripKey,
  arrival: { stopPosition: number; busId: string; at: Date; scheduledAt: Date | null },
): Promise<boolean> => {
  const rows = await db(em)
    .insertInto('transport_stop_arrival')
    .values({
      ...tripColumns(trip),
      stop_position: arrival.stopPosition,
      bus_id: arrival.busId,
      arrived_at: arrival.at,
      scheduled_at: arrival.scheduledAt,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('stop_position')
    .execute();

  return rows.length > 0;
};

export type NearStopRow = { route_id: string; trip_date: string; direction: TripDirection; stop_position: number; since: Date };

export const findNearStop = async (em: SqlEntityManager, tenantId: string, busId: string): Promise<NearStopRow | null> => {
  const row = await db(em)
    .selectFrom('transport_bus_near_stop')
    // The day as the date it is, not a Date at the driver's midnight. Raw: the builder has no to_char.
    .select(['route_id', sql<string>`to_char(trip_date, 'YYYY-MM-DD')`.as('trip_date'), 'direction', 'stop_position', 'since'])
    .$narrowType<{ direction: TripDirection }>()
    .where('tenant_id', '=', tenantId)
    .where('bus_id', '=', busId)
    .executeTakeFirst();

  return row ? { ...row, since: new Date(row.since) } : null;
};

/** Keeps (or, with null, forgets) the stop a bus is waiting near. */
export const saveNearStop = async (
  em: SqlEntityManager,
  tenantId: string,
  busId: string,
  near: (TripKey & { stopPosition: number; since: Date }) | null,
): Promise<void> => {
  if (near === null) {
    await db(em).deleteFrom('transport_bus_near_stop').where('tenant_id', '=', tenantId).where('bus_id', '=', busId).execute();

    return;
  }
  await db(em)
    .insertInto('transport_bus_near_stop')
    .values({
      tenant_id: tenantId,
      bus_id: busId,
      route_id: near.routeId,
      trip_date: near.date,
      direction: near.direction,
      stop_position: near.stopPosition,
      since: near.since,
    })
    .onConflict((conflict) =>
      conflict.columns(['tenant_id', 'bus_id']).doUpdateSet((update) => ({
        route_id: update.ref('excluded.route_id'),
        trip_date: update.ref('excluded.trip_date'),
        direction: update.ref('excluded.direction'),
        stop_position: update.ref('excluded.stop_position'),
        since: update.ref('excluded.since'),
      })),
    )
    .execute();
};

/** Keeps the first estimate per stop and horizon; later ones of the same horizon are ignored. */
export const keepEstimates = async (
  em: SqlEntityManager,
  trip: TripKey,
  estimates: readonly { stopPosition: number; horizon: number; eta: Date }[],
  madeAt: Date,
): Promise<void> => {
  if (estimates.length === 0) {
    return;
  }
  await db(em)
    .insertInto('transport_eta_snapshot')
    .values(
      estimates.map((estimate) => ({
        ...tripColumns(trip),
        stop_position: estimate.stopPosition,
        horizon_minutes: estimate.horizon,
        eta: estimate.eta,
        made_at: madeAt,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
};
