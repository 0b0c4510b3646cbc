import type { SqlEntityManager } from '@mikro-orm/sql';
import { findBus, type BusRow } from '@switchyard/db/transport/operations/buses';
import { tripArrivals, type LiveRoute, type TripKey } from '@switchyard/db/transport/live/trip-progress';
import { estimateTrip, type BusFix, type TripEstimate } from '@switchyard/domain/transport/live/eta';
import { dateOf, tripAt, tripDirection, tripWindow, type TripWindow } from '@switchyard/domain/transport/live/trip';
import { recentTrafficSummary } from './traffic-summary.ts';

export type TripView = {
  key: TripKey;
  window: TripWindow | null;
  inWindow: boolean;
  bus: BusRow | null;
  estimate: TripEstimate;
};

export const fixOf = (bus: BusRow | null): BusFix | null =>
  bus && bus.lat !== null && bus.lng !== null && bus.last_update !== null ? { lat: bus.lat, lng: bus.lng, speed: bus.speed, at: new Date(bus.last_update) } : null;

const earliestTime = (route: LiveRoute): string | null =>
  route.stops
    .map((stop) => stop.time)
    .filter((time): time is string => time !== null)
    .sort()[0] ?? null;

/**
 * Today's trip of a route as it stands: inside its window the bus's position drives the
 * estimates; outside it (or without a fresh position) the schedule does, and the bus is not used.
 */
export const viewTrip = async (em: SqlEntityManager, tenantId: string, route: LiveRoute, now: Date): Promise<TripView> => {
  const running = tripAt({ mode: route.mode, times: route.stops.map((stop) => stop.time) }, now);
  const date = running?.date ?? dateOf(now);
  const key: TripKey = { tenantId, routeId: route.id, date, direction: running?.direction ?? tripDirection(route.mode, earliestTime(route)) };
  const [arrivals, bus, traffic] = await Promise.all([
    tripArrivals(em, key),
    route.bus_id ? findBus(em, tenantId, route.bus_id) : Promise.resolve(null),
    recentTrafficSummary(em, tenantId, route.id, now),
  ]);
  const estimate = estimateTrip({ date, stops: route.stops, fix: running ? fixOf(bus) : null, arrivals, traffic, now });

  return { key, window: tripWindow(date, route.stops.map((stop) => stop.time)), inWindow: running !== null, bus, estimate };
};
