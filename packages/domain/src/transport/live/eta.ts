import { ARRIVAL_RADIUS_M } from './arrival.ts';
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
/**
 * `arrived`: the bus was seen at the stop (20 s within 50 m) on this trip; `not_seen`: the bus is
 * beyond the stop without having been seen at it (it drove by, or reported too seldom), so the
 * stop is not counted as served; `upcoming`: everything else.
 */
export type StopState = 'upcoming' | 'arrived' | 'not_seen';
/**
 * `scheduled`: nothing served and no fresh position to go on; `not_started`: nothing served and the
 * bus reports from beyond the first stop (a depot), so its position says nothing about the run yet;
 * `running`: a stop was served, or the bus is heading for the first one; `finished`: the last stop
 * was served.
 */
export type RunProgress = 'scheduled' | 'not_started' | 'running' | 'finished';
export type StopEstimate = {
  position: number;
  name: string;
  time: string | null;
  /** When the bus is expected (upcoming) or came (arrived); null for a stop not seen, or with nothing to go on. */
  eta: Date | null;
  /** Whole minutes between the eta and the scheduled time, positive when late; null without both. */
  minutes_late: number | null;
  state: StopState;
};
export type TripEstimate = { basis: 'position' | 'schedule'; progress: RunProgress; stops: StopEstimate[] };

export const isFresh = (fix: { at: Date } | null, now: Date): fix is BusFix & { at: Date } =>
  fix !== null && now.getTime() - fix.at.getTime() <= FRESH_POSITION_MS && fix.at.getTime() <= now.getTime() + FRESH_POSITION_MS;

export const minutesLate = (eta: Date | null, scheduled: Date | null): number | null =>
  eta === null || scheduled === null ? null : Math.round((eta.getTime() - scheduled.getTime()) / 60_000);

/** Metres along the route of each stop; a stop without coordinates sits where the previous one does. */
const alongOfStops = (stops: readonly EtaStop[]): { along: number[]; line: LatLng[] } => {
  const along: number[] = [];
  const line: LatLng[] = [];
  let travelled = 0;
  let previous: LatLng | null = null;
  for (const stop of stops) {
    if (stop.lat !== null && stop.lng !== null) {
      const here = { lat: stop.lat, lng: stop.lng };
      travelled += previous ? distanceMetres(previous, here) : 0;
      previous = here;
      line.push(here);
    }
    along.push(travelled);
  }

  return { along, line };
};

/**
 * The stops of one run, in run order. A stop is served only when it was recorded as reached; the
 * bus's position never serves one. Before any stop is served, a bus reporting from beyond the first
 * stop is at its depot (`not_started`) and its position is not used. Once the run is under way,
 * a stop the bus is more than 50 m beyond without having been seen there is `not_seen`. Upcoming
 * stops are estimated one after the other from the bus: travel at the reported speed (or the
 * planning speed), 30 s at each stop, and never before a stop's scheduled time, since buses wait
 * at a timed stop until its time; so a farther stop is never estimated before a nearer one.
 */
export const estimateTrip = (input: {
  date: string;
  /** The tenant's time zone, whose clocks the stop times are read on. */
  timeZone: string;
  stops: readonly EtaStop[];
  fix: BusFix | null;
  arrivals: ReadonlyMap<number, Date>;
  traffic: TrafficSummary | null;
  now: Date;
}): TripEstimate => {
  const { stops, now } = input;
  const scheduled = stops.map((stop) => (stop.time === null ? null : instantOf(input.date, stop.time, input.timeZone)));
  const { along, line } = alongOfStops(stops);
  const projected = isFresh(input.fix, now) && line.length > 0 ? alongPolyline(line, input.fix) : null;
  const lastArrivedIndex = stops.reduce((found, stop, index) => (input.arrivals.has(stop.position) ? index : found), -1);
  const started = lastArrivedIndex >= 0;
  const atDepot = !started && projected !== null && projected.along > (along[0] ?? 0) + ARRIVAL_RADIUS_M;
  // Where the bus is along the run: never behind the last stop it was seen at.
  const busAlong = projected !== null && !atDepot ? Math.max(projected.along, started ? (along[lastArrivedIndex] ?? 0) : 0) : null;
  const factor = TRAFFIC_FACTOR[input.traffic ?? 'unavailable'];
  const kmh = input.fix?.speed != null && input.fix.speed >= MIN_MOVING_KMH ? input.fix.speed : PLANNING_KMH;
  const metresPerMs = (kmh * 1000) / 3_600_000 / factor;

  let cursor = busAlong === null ? null : { at: now.getTime(), along: busAlong };
  let floor = 0;
  const estimates = stops.map((stop, index): StopEstimate => {
    const at = input.arrivals.get(stop.position);
    const planned = scheduled[index] ?? null;
    const base = { position: stop.position, name: stop.name, time: stop.time };
    if (at) {
      return { ...base, eta: at, minutes_late: minutesLate(at, planned), state: 'arrived' };
    }
    const stopAlong = along[index] ?? 0;
    const beyond = index < lastArrivedIndex || (busAlong !== null && started && stopAlong < busAlong - ARRIVAL_RADIUS_M);
    if (beyond) {
      return { ...base, eta: null, minutes_late: null, state: 'not_seen' };
    }
    let eta: number | null;
    if (cursor !== null) {
      eta = cursor.at + Math.max(0, stopAlong - cursor.along) / metresPerMs;
      if (planned !== null) {
        eta = Math.max(eta, planned.getTime());
      }
      cursor = { at: eta + DWELL_MS, along: Math.max(cursor.along, stopAlong) };
    } else {
      eta = planned === null ? null : planned.getTime();
    }
    if (eta !== null) {
      eta = Math.max(eta, floor);
      floor = eta;
    }
    const etaDate = eta === null ? null : new Date(eta);

    return { ...base, eta: etaDate, minutes_late: minutesLate(etaDate, planned), state: 'upcoming' };
  });
  const lastIndex = stops.length - 1;
  const progress: RunProgress =
    lastIndex >= 0 && input.arrivals.has(stops[lastIndex]?.position ?? -1)
      ? 'finished'
      : started || busAlong !== null
        ? 'running'
        : atDepot
          ? 'not_started'
          : 'scheduled';

  return { basis: busAlong !== null ? 'position' : 'schedule', progress, stops: estimates };
};
