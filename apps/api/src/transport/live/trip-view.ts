import type { SqlEntityManager } from '@mikro-orm/sql';
import { findBus, type BusRow } from '@switchyard/db/transport/operations/buses';
import { runOf, runTimesOf, tripArrivals, type LiveRoute, type LiveRun, type TripKey } from '@switchyard/db/transport/live/trip-progress';
import { estimateTrip, type BusFix, type TripEstimate } from '@switchyard/domain/transport/live/eta';
import {
  dateOf,
  runOfDay,
  tripAt,
  tripDirection,
  tripWindow,
  type TripDirection,
  type TripWindow,
} from '@switchyard/domain/transport/live/trip';
import { recentTrafficSummary } from './traffic-summary.ts';

export type TripView = {
  key: TripKey;
  /** The tenant's time zone: stop times are its wall-clock times. */
  timeZone: string;
  /** The run viewed; null for a route without runs. */
  run: LiveRun | null;
  window: TripWindow | null;
  inWindow: boolean;
  bus: BusRow | null;
  estimate: TripEstimate;
};

export const fixOf = (bus: BusRow | null): BusFix | null =>
  bus && bus.lat !== null && bus.lng !== null && bus.last_update !== null
    ? { lat: bus.lat, lng: bus.lng, speed: bus.speed, at: new Date(bus.last_update) }
    : null;

/**
 * Today's trip of one run of a route as it stands (the run of the day, runOfDay, when none is
 * named): inside its window the bus's position drives the estimates; outside it (or without a
 * fresh position) the schedule does, and the bus is not used.
 */
export const viewTrip = async (
  em: SqlEntityManager,
  tenant: { id: string; timeZone: string },
  route: LiveRoute,
  now: Date,
  direction?: TripDirection,
): Promise<TripView> => {
  const { id: tenantId, timeZone } = tenant;
  const chosen = direction ?? runOfDay(runTimesOf(route), now, timeZone) ?? tripDirection(route.mode, null);
  const run = runOf(route, chosen);
  const runTimes = run ? [{ direction: run.direction, times: run.stops.map((stop) => stop.time) }] : [];
  const running = tripAt(runTimes, now, timeZone);
  const date = running?.date ?? dateOf(now, timeZone);
  const key: TripKey = { tenantId, routeId: route.id, date, direction: chosen };
  const [arrivals, bus, traffic] = await Promise.all([
    tripArrivals(em, key),
    route.bus_id ? findBus(em, tenantId, route.bus_id) : Promise.resolve(null),
    recentTrafficSummary(em, tenantId, route.id, now),
  ]);
  const estimate = estimateTrip({ date, timeZone, stops: run?.stops ?? [], fix: running ? fixOf(bus) : null, arrivals, traffic, now });

  return {
    key,
    timeZone,
    run,
    window: run ? tripWindow(date, runTimes[0]?.times ?? [], timeZone) : null,
    inWindow: running !== null,
    bus,
    estimate,
  };
};
