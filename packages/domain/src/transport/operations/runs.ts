import { DomainError } from '../../errors.ts';
import { directionsOfMode, tripDirection, type TripDirection } from '../live/trip.ts';
import type { RouteMode, RunsInput } from './schemas.ts';

/**
 * A route runs at most twice a day: a morning run and an afternoon run, each its own timetable
 * over the route's stops (the afternoon usually the morning's stops reversed, from the school).
 * A run names its stops by their position on the route and gives each its time and riders.
 */
export type RunStop = { position: number; time: string | null; riders: unknown[] };
export type Run = { direction: TripDirection; stops: RunStop[] };

export const RUN_DIRECTIONS: readonly TripDirection[] = ['morning', 'afternoon'];

/**
 * The one run of a route saved the way routes were before runs (times and riders on the stops):
 * the run its times fall in (a `both` route's first time before 12:00 is the morning), every stop
 * in route order. No stops, no run.
 */
export const runOfStops = (mode: RouteMode, stops: readonly { time: string | null; riders: unknown[] }[]): Run[] => {
  if (stops.length === 0) {
    return [];
  }
  const earliest = stops
    .map((stop) => stop.time)
    .filter((time): time is string => time !== null)
    .sort()[0];

  return [
    {
      direction: tripDirection(mode, earliest ?? null),
      stops: stops.map((stop, index) => ({ position: index + 1, time: stop.time, riders: stop.riders })),
    },
  ];
};

/**
 * The runs a request asks for, checked against the route's stops and mode: each stop named once,
 * a stop the route has, times in the order the run serves its stops, and only the runs of the
 * route's mode (a mornings-only route has no afternoon run). `stored` are the runs kept when the
 * request leaves one out. Every problem is a 400 naming the run and the stop.
 */
export const runsOfRequest = (input: { mode: RouteMode; stopCount: number; runs: RunsInput; stored: readonly Run[] }): Run[] => {
  const runs: Run[] = [];
  for (const direction of RUN_DIRECTIONS) {
    const asked = input.runs[direction];
    if (asked === null) {
      continue;
    }
    if (asked === undefined) {
      const kept = input.stored.find((run) => run.direction === direction);
      if (kept) {
        runs.push(kept);
      }
      continue;
    }
    const seen = new Set<number>();
    let previous: { time: string; index: number } | null = null;
    const stops = asked.stops.map((stop, index): RunStop => {
      const where = `runs.${direction}.stops.${index}`;
      if (stop.stop > input.stopCount) {
        throw new DomainError(
          'validation_error',
          `The ${direction} run names stop ${stop.stop}, which is not a stop of this route (it has ${input.stopCount}).`,
          {
            issues: [{ path: `${where}.stop`, message: 'not a stop of this route' }],
          },
        );
      }
      if (seen.has(stop.stop)) {
        throw new DomainError('validation_error', `The ${direction} run names stop ${stop.stop} twice.`, {
          issues: [{ path: `${where}.stop`, message: 'named twice' }],
        });
      }
      seen.add(stop.stop);
      const time = stop.time ?? null;
      if (time !== null) {
        if (previous !== null && time < previous.time) {
          throw new DomainError(
            'validation_error',
            `The ${direction} run's times are out of order: stop ${stop.stop} at ${time} comes after ${previous.time}.`,
            {
              issues: [{ path: `${where}.time`, message: `before the previous stop's ${previous.time}` }],
            },
          );
        }
        previous = { time, index };
      }

      return { position: stop.stop, time, riders: stop.riders ?? [] };
    });
    runs.push({ direction, stops });
  }
  assertRunsOfMode(input.mode, runs, 'validation_error');

  return runs;
};

/** A route runs only in its mode's directions; `code` says whose fault a mismatch is. */
export const assertRunsOfMode = (mode: RouteMode, runs: readonly Run[], code: 'validation_error' | 'conflict'): void => {
  const allowed = directionsOfMode(mode);
  const stray = runs.find((run) => !allowed.includes(run.direction));
  if (stray) {
    throw new DomainError(
      code,
      `A ${mode}-only route has no ${stray.direction} run; remove the ${stray.direction} run or make the route run both ways.`,
    );
  }
};

/**
 * What the route's stops answer in the spec's fields, one time and one riders list per stop: the
 * time of the stop's first run (morning before afternoon), the riders of every run (each entry
 * once). For a route of one run this is exactly that run, as stops were before runs.
 */
export const stopFieldsOfRuns = (stopCount: number, runs: readonly Run[]): { time: string | null; riders: unknown[] }[] =>
  Array.from({ length: stopCount }, (_, index) => {
    const served = runs.flatMap((run) => run.stops.filter((stop) => stop.position === index + 1));
    const riders: unknown[] = [];
    const seen = new Set<string>();
    for (const rider of served.flatMap((stop) => stop.riders)) {
      const key = JSON.stringify(rider);
      if (!seen.has(key)) {
        seen.add(key);
        riders.push(rider);
      }
    }

    return { time: served.find((stop) => stop.time !== null)?.time ?? null, riders };
  });

/** When a route's stops are replaced without runs, positions past the new end no longer exist. */
export const runsWithinStops = (runs: readonly Run[], stopCount: number): Run[] =>
  runs.map((run) => ({ ...run, stops: run.stops.filter((stop) => stop.position <= stopCount) })).filter((run) => run.stops.length > 0);
