import type { RouteMode } from '../operations/schemas.ts';
import { instantInZone, localDateOf } from '../time-zone.ts';

/**
 * A trip is one run of a route on one day in one direction. Directions are the route modes
 * `morning` and `afternoon`; a route of mode `both` serves both directions with one list of stop
 * times, so its trip's direction is read from the clock: a first stop before noon is a morning run.
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

/**
 * The trip of a route running at `at`: today's (the tenant's local day) when its window holds
 * `at`. A window reaching over local midnight is not looked for; school runs do not.
 */
export const tripAt = (
  route: { mode: RouteMode; times: readonly (string | null)[] },
  at: Date,
  zone: string,
): { date: string; direction: TripDirection; window: TripWindow } | null => {
  const date = dateOf(at, zone);
  const window = tripWindow(date, route.times, zone);
  if (!window || !isInside(window, at)) {
    return null;
  }

  const earliest = route.times.filter((time): time is string => time !== null).sort()[0] ?? null;

  return { date, direction: tripDirection(route.mode, earliest), window };
};
