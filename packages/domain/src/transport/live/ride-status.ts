import { localTimeOf } from '../time-zone.ts';
import type { RunProgress, StopEstimate } from './eta.ts';
import type { TripDirection } from './trip.ts';

/** An estimate this many minutes past the stop's time reads "Running late"; below it, "On the way". */
export const RUNNING_LATE_MINUTES = 5;

export type RideStatusKind =
  'scheduled' | 'not_started' | 'on_the_way' | 'running_late' | 'picked_up' | 'dropped_off' | 'not_seen' | 'no_time';

/** What a family is told about its stop on one run, with the `HH:MM` it names (tenant's clocks). */
export type RideStatus = { kind: RideStatusKind; time: string | null; label: string };

/**
 * The one sentence a family reads about its stop. Served (seen at the stop) is "Picked up" in
 * the morning and "Dropped off" in the afternoon, with the time the bus came; a stop the bus is
 * beyond without having been seen there, or whose run is over without it, is "Not seen at the
 * stop", never "passed". Before that: an estimate from the bus's position is "On the way" or
 * "Running late" with its time; otherwise the scheduled time, and "not started" while the bus
 * waits beyond the first stop (its depot) before the run.
 */
export const rideStatus = (input: {
  direction: TripDirection;
  stop: StopEstimate;
  basis: 'position' | 'schedule';
  progress: RunProgress;
  /** The run's window has closed: a stop still not served will not be today. */
  over: boolean;
  timeZone: string;
}): RideStatus => {
  const { stop, timeZone } = input;
  const clock = (at: Date) => localTimeOf(at, timeZone);
  if (stop.state === 'arrived' && stop.eta !== null) {
    const time = clock(stop.eta);

    return input.direction === 'morning'
      ? { kind: 'picked_up', time, label: `Picked up ${time}` }
      : { kind: 'dropped_off', time, label: `Dropped off ${time}` };
  }
  if (stop.state === 'not_seen' || input.over) {
    return { kind: 'not_seen', time: null, label: 'Not seen at the stop' };
  }
  if (input.basis === 'position' && stop.eta !== null) {
    const time = clock(stop.eta);

    return (stop.minutes_late ?? 0) >= RUNNING_LATE_MINUTES
      ? { kind: 'running_late', time, label: `Running late, about ${time}` }
      : { kind: 'on_the_way', time, label: `On the way, about ${time}` };
  }
  if (stop.time === null) {
    return { kind: 'no_time', time: null, label: 'No time set' };
  }
  if (input.progress === 'not_started') {
    return { kind: 'not_started', time: stop.time, label: `Bus not started · scheduled ${stop.time}` };
  }

  return { kind: 'scheduled', time: stop.time, label: `Scheduled ${stop.time}` };
};

/** The ride in one line: "Morning pickup 07:40 at Oak & 5th", "Afternoon drop-off 15:25 at Oak & 5th". */
export const rideHeadline = (direction: TripDirection, time: string | null, stopName: string): string =>
  `${direction === 'morning' ? 'Morning pickup' : 'Afternoon drop-off'}${time ? ` ${time}` : ''} at ${stopName}`;
