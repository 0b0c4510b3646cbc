import type { RouteMode } from '../operations/schemas.ts';
import { instantInZone, localDateOf } from '../time-zone.ts';

/**
 * A trip is one run of a route on one day: its morning run or its afternoon run, each with its own
 * stops in order and times. A route saved with one list of times (as before runs) has the run its
 * times fall in: a `both` route's first stop before noon is a morning run.
 */
export type TripDirection = 'morning' | 'afternoon';

export const directionsOfMode = (mode: RouteMode): TripDirection[] => (mode === 'both' ? ['morning', 'afternoon'] : [mode]);

export const tripDirection = (mode: RouteMode, firstStopTime: string | null): TripDirection => {
  if (mode !== 'both') {
    return mode;
  }

  return firstStopTime !== null && firstStopTime >= '12:00' ? 'afternoon' : 'morning';
};

/** Stop times are `HH:MM` on the clocks of the tenant's time zone (docs/transport.md, "Live buses"). */
export const instantOf = (date: string, time: string, zone: string): Date => instantInZone(date, time, zone);

/** The tenant's local day of `at`: the day its trips and "today" belong to. */
export const dateOf = (at: Date, zone: string): string => localDateOf(at, zone);

/** Viewing opens this long before a trip's first stop time and closes this long after its last. */
export const TRIP_WINDOW = { beforeMinutes: 60, afterMinutes: 30 } as const;

export type TripWindow = { opensAt: Date; closesAt: Date };

/** The window of the trip on `date`; null when no stop has a time (the route keeps no schedule). */
export const tripWindow = (date: string, times: readonly (string | null)[], zone: string): TripWindow | null => {
  const known = times.filter((time): time is string => time !== null).sort();
  const first = known[0];
  const last = known[known.length - 1];
  if (first === undefined || last === undefined) {
    return null;
  }

  return {
    opensAt: new Date(instantOf(date, first, zone).getTime() - TRIP_WINDOW.beforeMinutes * 60_000),
    closesAt: new Date(instantOf(date, last, zone).getTime() + TRIP_WINDOW.afterMinutes * 60_000),
  };
};

export const isInside = (window: TripWindow | null, at: Date): boolean =>
  window !== null && at.getTime() >= window.opensAt.getTime() && at.getTime() <= window.closesAt.getTime();

/** A run's direction and its stop times, in run order. */
export type RunTimes = { direction: TripDirection; times: readonly (string | null)[] };

/**
 * The run of a route running at `at`: today's (the tenant's local day) whose window holds `at`;
 * when two do, the one that opened first. A window reaching over local midnight is not looked
 * for; school runs do not.
 */
export const tripAt = (
  runs: readonly RunTimes[],
  at: Date,
  zone: string,
): { date: string; direction: TripDirection; window: TripWindow } | null => {
  const date = dateOf(at, zone);
  const open = runs
    .map((run) => ({ direction: run.direction, window: tripWindow(date, run.times, zone) }))
    .filter((run): run is { direction: TripDirection; window: TripWindow } => run.window !== null && isInside(run.window, at))
    .sort((left, right) => left.window.opensAt.getTime() - right.window.opensAt.getTime())[0];

  return open ? { date, direction: open.direction, window: open.window } : null;
};

/**
 * The run of the day to show at `at`: the one running, else the next to open today, else the
 * last to have closed; null for a route without runs.
 */
export const runOfDay = (runs: readonly RunTimes[], at: Date, zone: string): TripDirection | null => {
  const running = tripAt(runs, at, zone);
  if (running) {
    return running.direction;
  }
  const date = dateOf(at, zone);
  const windows = runs.map((run) => ({ direction: run.direction, window: tripWindow(date, run.times, zone) }));
  const next = windows
    .filter((run) => run.window !== null && run.window.opensAt.getTime() > at.getTime())
    .sort((left, right) => (left.window?.opensAt.getTime() ?? 0) - (right.window?.opensAt.getTime() ?? 0))[0];
  const last = windows
    .filter((run) => run.window !== null && run.window.closesAt.getTime() < at.getTime())
    .sort((left, right) => (right.window?.closesAt.getTime() ?? 0) - (left.window?.closesAt.getTime() ?? 0))[0];

  return next?.direction ?? last?.direction ?? runs[0]?.direction ?? null;
};
