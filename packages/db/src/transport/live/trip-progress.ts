import type { SqlEntityManager } from '@mikro-orm/sql';
import type { RouteMode, RouteStatus } from '@switchyard/domain/transport/operations/schemas';
import type { TripDirection } from '@switchyard/domain/transport/live/trip';

export type TripKey = { tenantId: string; routeId: string; date: string; direction: TripDirection };
export type LiveStop = { position: number; name: string; address: string | null; lat: number | null; lng: number | null; time: string | null; riders: unknown[] };
export type LiveRoute = { id: string; name: string; mode: RouteMode; status: RouteStatus; bus_id: string | null; stops: LiveStop[] };

const withStops = async (em: SqlEntityManager, tenantId: string, routes: Omit<LiveRoute, 'stops'>[]): Promise<LiveRoute[]> => {
  if (routes.length === 0) {
    return [];
  }
  const stops = await em.execute<(LiveStop & { route_id: string })[]>(
    `select route_id, position, name, address, lat, lng, time, riders from transport_route_stop
     where tenant_id = ? and route_id in (${routes.map(() => '?').join(', ')}) order by route_id, position`,
    [tenantId, ...routes.map((route) => route.id)],
  );

  return routes.map((route) => ({ ...route, stops: stops.filter((stop) => stop.route_id === route.id).map(({ route_id: _routeId, ...stop }) => stop) }));
};

/** The tenant's active routes this bus drives, with their stops in order. */
export const activeRoutesOfBus = async (em: SqlEntityManager, tenantId: string, busId: string): Promise<LiveRoute[]> =>
  withStops(
    em,
    tenantId,
    await em.execute<Omit<LiveRoute, 'stops'>[]>("select id, name, mode, status, bus_id from transport_route where tenant_id = ? and bus_id = ? and status = 'active' order by id", [tenantId, busId]),
  );

/** One route of the tenant with its stops; null when there is none. */
export const liveRoute = async (em: SqlEntityManager, tenantId: string, routeId: string): Promise<LiveRoute | null> => {
  const routes = await em.execute<Omit<LiveRoute, 'stops'>[]>('select id, name, mode, status, bus_id from transport_route where tenant_id = ? and id = ?', [tenantId, routeId]);

  return (await withStops(em, tenantId, routes))[0] ?? null;
};

/** Routes of the tenant by id, with their stops. */
export const liveRoutes = async (em: SqlEntityManager, tenantId: string, routeIds: readonly string[]): Promise<LiveRoute[]> =>
  routeIds.length === 0
    ? []
    : withStops(
        em,
        tenantId,
        await em.execute<Omit<LiveRoute, 'stops'>[]>(`select id, name, mode, status, bus_id from transport_route where tenant_id = ? and id in (${routeIds.map(() => '?').join(', ')}) order by id`, [tenantId, ...routeIds]),
      );

const tripParams = (trip: TripKey) => [trip.tenantId, trip.routeId, trip.date, trip.direction];
const TRIP = 'tenant_id = ? and route_id = ? and trip_date = ?::date and direction = ?';

/** The stops reached on a trip, by position. */
export const tripArrivals = async (em: SqlEntityManager, trip: TripKey): Promise<Map<number, Date>> => {
  const rows = await em.execute<{ stop_position: number; arrived_at: Date }[]>(`select stop_position, arrived_at from transport_stop_arrival where ${TRIP}`, tripParams(trip));

  return new Map(rows.map((row) => [row.stop_position, new Date(row.arrived_at)]));
};

/** Records a stop as reached; false when it already was (the first arrival stands). */
export const recordArrival = async (em: SqlEntityManager, trip: TripKey, arrival: { stopPosition: number; busId: string; at: Date; scheduledAt: Date | null }): Promise<boolean> => {
  const rows = await em.execute<{ stop_position: number }[]>(
    `insert into transport_stop_arrival (tenant_id, route_id, trip_date, direction, stop_position, bus_id, arrived_at, scheduled_at)
     values (?, ?, ?::date, ?, ?::int, ?, ?::timestamptz, ?::timestamptz) on conflict do nothing returning stop_position`,
    [...tripParams(trip), arrival.stopPosition, arrival.busId, arrival.at.toISOString(), arrival.scheduledAt?.toISOString() ?? null],
  );

  return rows.length > 0;
};

export type NearStopRow = { route_id: string; trip_date: string; direction: TripDirection; stop_position: number; since: Date };

export const findNearStop = async (em: SqlEntityManager, tenantId: string, busId: string): Promise<NearStopRow | null> => {
  const rows = await em.execute<NearStopRow[]>(
    "select route_id, to_char(trip_date, 'YYYY-MM-DD') as trip_date, direction, stop_position, since from transport_bus_near_stop where tenant_id = ? and bus_id = ?",
    [tenantId, busId],
  );
  const row = rows[0];

  return row ? { ...row, since: new Date(row.since) } : null;
};

/** Keeps (or, with null, forgets) the stop a bus is waiting near. */
export const saveNearStop = async (em: SqlEntityManager, tenantId: string, busId: string, near: (TripKey & { stopPosition: number; since: Date }) | null): Promise<void> => {
  if (near === null) {
    await em.execute('delete from transport_bus_near_stop where tenant_id = ? and bus_id = ?', [tenantId, busId]);

    return;
  }
  await em.execute(
    `insert into transport_bus_near_stop (tenant_id, bus_id, route_id, trip_date, direction, stop_position, since)
     values (?, ?, ?, ?::date, ?, ?::int, ?::timestamptz)
     on conflict (tenant_id, bus_id) do update set route_id = excluded.route_id, trip_date = excluded.trip_date,
       direction = excluded.direction, stop_position = excluded.stop_position, since = excluded.since`,
    [tenantId, busId, near.routeId, near.date, near.direction, near.stopPosition, near.since.toISOString()],
  );
};

/** Keeps the first estimate per stop and horizon; later ones of the same horizon are ignored. */
export const keepEstimates = async (em: SqlEntityManager, trip: TripKey, estimates: readonly { stopPosition: number; horizon: number; eta: Date }[], madeAt: Date): Promise<void> => {
  if (estimates.length === 0) {
    return;
  }
  await em.execute(
    `insert into transport_eta_snapshot (tenant_id, route_id, trip_date, direction, stop_position, horizon_minutes, eta, made_at)
     values ${estimates.map(() => '(?, ?, ?::date, ?, ?::int, ?::int, ?::timestamptz, ?::timestamptz)').join(', ')} on conflict do nothing`,
    estimates.flatMap((estimate) => [...tripParams(trip), estimate.stopPosition, estimate.horizon, estimate.eta.toISOString(), madeAt.toISOString()]),
  );
};
