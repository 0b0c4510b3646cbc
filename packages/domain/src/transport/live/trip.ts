import type { RouteMode } from '../operations/schemas.ts';

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

/** Stop times are `HH:MM` in UTC (tenants carry no time zone yet; docs/transport.md, "Live buses"). */
export const instantOf = (date: string, time: string): Date => new Date(`${date}T${time}:00.000Z`);

export const dateOf = (at: Date): string => at.toISOString().slice(0, 10);

/** Viewing opens this long before a trip's first stop time and closes this long after its last. */
export const TRIP_WINDOW = { beforeMinutes: 60, afterMinutes: 30 } as const;

export type TripWindow = { opensAt: Date; closesAt: Date };

/** The window of the trip on `date`; null when no stop has a time (the route keeps no schedule). */
export const tripWindow = (date: string, times: readonly (string | null)[]): TripWindow | null => {
  const known = times.filter((time): time is string => time !== null).sort();
  const first = known[0];
  const last = known[known.length - 1];
  if (first === undefined || last === undefined) {
    return null;
  }

  return {
    opensAt: new Date(instantOf(date, first).getTime() - TRIP_WINDOW.beforeMinutes * 60_000),
    closesAt: new Date(instantOf(date, last).getTime() + TRIP_WINDOW.afterMinutes * 60_000),
  };
};

export const isInside = (window: TripWindow | null, at: Date): boolean =>
  window !== null && at.getTime() >= window.opensAt.getTime() && at.getTime() <= window.closesAt.getTime();

/**
 * The trip of a route running at `at`: today's (UTC) when its window holds `at`. A window reaching
 * over midnight is not looked for; school runs do not.
 */
export const tripAt = (route: { mode: RouteMode; times: readonly (string | null)[] }, at: Date): { date: string; direction: TripDirection; window: TripWindow } | null => {
  const date = dateOf(at);
  const window = tripWindow(date, route.times);
  if (!window || !isInside(window, at)) {
    return null;
  }

  const earliest = route.times.filter((time): time is string => time !== null).sort()[0] ?? null;

  return { date, direction: tripDirection(route.mode, earliest), window };
};
