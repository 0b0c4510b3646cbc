import { alongPolyline, distanceMetres, type LatLng } from './geo.ts';
import { instantOf } from './trip.ts';

/**
 * Arrival estimates for the stops of one trip. Pure: the caller brings the stops in order, the
 * bus's last report, what has been recorded as arrived, the traffic summary and the clock.
 */

/** A report older than this is not used: the estimate falls back to the schedule. */
export const FRESH_POSITION_MS = 2 * 60_000;
/** Below this reported speed (km/h) the bus is taken as held up, not as crawling: the planning speed is used. */
export const MIN_MOVING_KMH = 8;
/** An urban school bus's average, stops and lights included, for a bus standing still or reporting no speed. */
export const PLANNING_KMH = 25;
/** Time spent at each stop still to be served before the one estimated. */
export const DWELL_MS = 30_000;
/** Slower travel when the route's traffic summary says so; no summary is no slowdown. */
export const TRAFFIC_FACTOR = { clear: 1, moderate: 1.25, heavy: 1.5, unavailable: 1 } as const;
export type TrafficSummary = keyof typeof TRAFFIC_FACTOR;

export type EtaStop = { position: number; name: string; time: string | null; lat: number | null; lng: number | null };
export type BusFix = { lat: number; lng: number; speed: number | null; at: Date };
export type StopState = 'upcoming' | 'arrived' | 'passed';
export type StopEstimate = {
  position: number;
  name: string;
  time: string | null;
  /** When the bus is expected (upcoming) or came (arrived); null for a stop passed without a recorded arrival, or with nothing to go on. */
  eta: Date | null;
  /** Whole minutes between the eta and the scheduled time, positive when late; null without both. */
  minutes_late: number | null;
  state: StopState;
};
export type TripEstimate = { basis: 'position' | 'schedule'; stops: StopEstimate[] };

export const isFresh = (fix: { at: Date } | null, now: Date): fix is BusFix & { at: Date } =>
  fix !== null && now.getTime() - fix.at.getTime() <= FRESH_POSITION_MS && fix.at.getTime() <= now.getTime() + FRESH_POSITION_MS;

export const minutesLate = (eta: Date | null, scheduled: Date | null): number | null =>
  eta === null || scheduled === null ? null : Math.round((eta.getTime() - scheduled.getTime()) / 60_000);

/** Metres along the route of each stop; a stop without coordinates sits where the previous one does. */
const alongOfStops = (stops: readonly EtaStop[]): { along: number[]; line: LatLng[]; lineAlong: number[] } => {
  const along: number[] = [];
  const line: LatLng[] = [];
  const lineAlong: number[] = [];
  let travelled = 0;
  let previous: LatLng | null = null;
  for (const stop of stops) {
    if (stop.lat !== null && stop.lng !== null) {
      const here = { lat: stop.lat, lng: stop.lng };
      travelled += previous ? distanceMetres(previous, here) : 0;
      previous = here;
      line.push(here);
      lineAlong.push(travelled);
    }
    along.push(travelled);
  }

  return { along, line, lineAlong };
};

export const estimateTrip = (input: {
  date: string;
  stops: readonly EtaStop[];
  fix: BusFix | null;
  arrivals: ReadonlyMap<number, Date>;
  traffic: TrafficSummary | null;
  now: Date;
}): TripEstimate => {
  const { stops, now } = input;
  const scheduled = stops.map((stop) => (stop.time === null ? null : instantOf(input.date, stop.time)));
  const { along, line } = alongOfStops(stops);
  const projected = isFresh(input.fix, now) && line.length > 0 ? alongPolyline(line, input.fix) : null;
  // Every stop up to the last one recorded as reached is behind the bus, whatever the projection says.
  const lastArrivedIndex = stops.reduce((found, stop, index) => (input.arrivals.has(stop.position) ? index : found), -1);
  const factor = TRAFFIC_FACTOR[input.traffic ?? 'unavailable'];
  const kmh = input.fix?.speed != null && input.fix.speed >= MIN_MOVING_KMH ? input.fix.speed : PLANNING_KMH;
  const metresPerMs = (kmh * 1000) / 3_600_000 / factor;

  let floor = 0;
  let upcomingSeen = 0;
  const estimates = stops.map((stop, index): StopEstimate => {
    const at = input.arrivals.get(stop.position);
    const planned = scheduled[index] ?? null;
    if (at) {
      return { position: stop.position, name: stop.name, time: stop.time, eta: at, minutes_late: minutesLate(at, planned), state: 'arrived' };
    }
    const stopAlong = along[index] ?? 0;
    const behind = index < lastArrivedIndex || (projected !== null && stopAlong < projected.along - 1);
    if (behind) {
      return { position: stop.position, name: stop.name, time: stop.time, eta: null, minutes_late: null, state: 'passed' };
    }
    let eta: Date | null;
    if (projected !== null) {
      const travel = Math.max(0, stopAlong - projected.along) / metresPerMs + upcomingSeen * DWELL_MS;
      eta = new Date(now.getTime() + travel);
    } else {
      eta = planned;
    }
    upcomingSeen += 1;
    // A farther stop is never reached before a nearer one, even when the schedule lists it earlier.
    if (eta !== null) {
      eta = new Date(Math.max(eta.getTime(), floor));
      floor = eta.getTime();
    }

    return { position: stop.position, name: stop.name, time: stop.time, eta, minutes_late: minutesLate(eta, planned), state: 'upcoming' };
  });

  return { basis: projected !== null ? 'position' : 'schedule', stops: estimates };
};
