import { describe, expect, it } from 'vitest';
import type { StopEstimate } from './eta.ts';
import { estimateTrip } from './eta.ts';
import { rideStatus } from './ride-status.ts';

const stop = (over: Partial<StopEstimate>): StopEstimate => ({
  position: 1,
  name: 'Oak & 5th',
  time: '07:40',
  eta: null,
  minutes_late: null,
  state: 'upcoming',
  ...over,
});
const morning = { direction: 'morning' as const, basis: 'schedule' as const, progress: 'scheduled' as const, over: false, timeZone: 'UTC' };

describe('rideStatus', () => {
  it('reads the schedule before the bus is of use, and "not started" while it waits at the depot', () => {
    expect(rideStatus({ ...morning, stop: stop({ eta: new Date('2026-11-20T07:40:00Z') }) })).toEqual({
      kind: 'scheduled',
      time: '07:40',
      label: 'Scheduled 07:40',
    });
    expect(rideStatus({ ...morning, progress: 'not_started', stop: stop({ eta: new Date('2026-11-20T07:40:00Z') }) }).label).toBe(
      'Bus not started · scheduled 07:40',
    );
    expect(rideStatus({ ...morning, stop: stop({ time: null }) })).toEqual({ kind: 'no_time', time: null, label: 'No time set' });
  });

  it('says "On the way" or "Running late" with the estimate from the bus', () => {
    const live = { ...morning, basis: 'position' as const, progress: 'running' as const };
    expect(rideStatus({ ...live, stop: stop({ eta: new Date('2026-11-20T07:43:20Z'), minutes_late: 3 }) }).label).toBe(
      'On the way, about 07:43',
    );
    expect(rideStatus({ ...live, stop: stop({ eta: new Date('2026-11-20T07:55:00Z'), minutes_late: 15 }) })).toEqual({
      kind: 'running_late',
      time: '07:55',
      label: 'Running late, about 07:55',
    });
  });

  it("after the bus was seen: picked up in the morning, dropped off in the afternoon, in the tenant's clock", () => {
    const came = stop({ state: 'arrived', eta: new Date('2026-11-20T12:41:00Z') });
    expect(rideStatus({ ...morning, timeZone: 'America/New_York', stop: came }).label).toBe('Picked up 07:41');
    expect(
      rideStatus({ ...morning, direction: 'afternoon', stop: stop({ state: 'arrived', eta: new Date('2026-11-20T15:27:00Z') }) }).label,
    ).toBe('Dropped off 15:27');
  });

  it('never says "passed": a stop not seen stays not seen, also once the run is over', () => {
    expect(rideStatus({ ...morning, basis: 'position', progress: 'running', stop: stop({ state: 'not_seen' }) }).label).toBe(
      'Not seen at the stop',
    );
    expect(rideStatus({ ...morning, over: true, stop: stop({ eta: new Date('2026-11-20T07:40:00Z') }) }).kind).toBe('not_seen');
  });

  it('an early bus reads "On the way" at the scheduled time', () => {
    const now = new Date('2026-11-20T07:30:00Z');
    const stops = [
      { position: 1, name: 'School', time: '07:20', lat: 32.0, lng: -81.1 },
      { position: 2, name: 'Oak & 5th', time: '07:40', lat: 32.01, lng: -81.1 },
    ];
    const trip = estimateTrip({
      date: '2026-11-20',
      timeZone: 'UTC',
      stops,
      fix: { lat: 32.009, lng: -81.1, speed: 30, at: now },
      arrivals: new Map([[1, new Date('2026-11-20T07:20:00Z')]]),
      traffic: null,
      now,
    });
    const oak = trip.stops[1] as StopEstimate;
    expect(rideStatus({ ...morning, basis: trip.basis, progress: trip.progress, stop: oak }).label).toBe('On the way, about 07:40');
  });
});
