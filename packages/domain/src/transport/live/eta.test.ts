import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateTrip, FRESH_POSITION_MS, PLANNING_KMH, type EtaStop } from './eta.ts';

// Three stops about 1.1 km apart heading north along one meridian.
const stops: EtaStop[] = [
  { position: 1, name: 'First', time: '07:00', lat: 32.0, lng: -81.1 },
  { position: 2, name: 'Second', time: '07:05', lat: 32.01, lng: -81.1 },
  { position: 3, name: 'Third', time: '07:10', lat: 32.02, lng: -81.1 },
];
const now = new Date('2026-11-20T07:06:00.000Z');
const base = { date: '2026-11-20', timeZone: 'UTC', stops, arrivals: new Map<number, Date>(), traffic: null, now };

describe('estimateTrip', () => {
  it('a bus beyond the first stop before serving any stop is at its depot: not started, schedule used, nothing passed', () => {
    const fix = { lat: 32.015, lng: -81.1, speed: 30, at: now };
    const trip = estimateTrip({ ...base, fix });
    expect(trip).toMatchObject({ basis: 'schedule', progress: 'not_started' });
    expect(trip.stops.map((stop) => stop.state)).toEqual(['upcoming', 'upcoming', 'upcoming']);
  });

  it('once under way, a stop the bus is beyond without being seen is not_seen, and an early bus is due at the scheduled time', () => {
    const fix = { lat: 32.015, lng: -81.1, speed: 30, at: now };
    const trip = estimateTrip({ ...base, fix, arrivals: new Map([[1, new Date('2026-11-20T07:00:10.000Z')]]) });
    expect(trip).toMatchObject({ basis: 'position', progress: 'running' });
    expect(trip.stops.map((stop) => stop.state)).toEqual(['arrived', 'not_seen', 'upcoming']);
    expect(trip.stops[1]).toMatchObject({ eta: null, minutes_late: null });
    // ~556 m at 30 km/h is about 67 s, so 07:07: the bus waits at Third until 07:10.
    expect(trip.stops[2]).toMatchObject({ eta: new Date('2026-11-20T07:10:00.000Z'), minutes_late: 0 });
  });

  it('a late bus is estimated from its position, stop after stop', () => {
    const late = new Date('2026-11-20T07:09:00.000Z');
    const trip = estimateTrip({ ...base, now: late, fix: { lat: 32.0, lng: -81.1, speed: 30, at: late }, arrivals: new Map([[1, late]]) });
    // 1112 m at 30 km/h is about 133 s: Second at 07:11:13 (6 late), Third 30 s + 133 s on (07:13:56, 4 late).
    expect(trip.stops[1]?.minutes_late).toBe(6);
    expect(trip.stops[2]?.minutes_late).toBe(4);
  });

  it('keeps recorded arrivals as arrived with their time', () => {
    const fix = { lat: 32.015, lng: -81.1, speed: 30, at: now };
    const arrivedAt = new Date('2026-11-20T07:04:00.000Z');
    const trip = estimateTrip({ ...base, fix, arrivals: new Map([[2, arrivedAt]]) });
    expect(trip.stops[1]).toMatchObject({ state: 'arrived', eta: arrivedAt, minutes_late: -1 });
    expect(trip.stops[0]?.state).toBe('not_seen');
  });

  it('slows down with heavy traffic, not without a summary', () => {
    // At 07:20 the schedule is behind the bus, so the travel time shows.
    const now = new Date('2026-11-20T07:20:00.000Z');
    const fix = { lat: 32.0, lng: -81.1, speed: 30, at: now };
    const clear = estimateTrip({ ...base, now, fix }).stops[2]?.eta?.getTime() ?? 0;
    const heavy = estimateTrip({ ...base, now, fix, traffic: 'heavy' }).stops[2]?.eta?.getTime() ?? 0;
    expect(heavy - now.getTime()).toBeGreaterThan((clear - now.getTime()) * 1.3);
  });

  it('a standing bus is planned at the planning speed, not never', () => {
    const now = new Date('2026-11-20T07:20:00.000Z');
    const trip = estimateTrip({ ...base, now, fix: { lat: 32.0, lng: -81.1, speed: 0, at: now } });
    const seconds = ((trip.stops[1]?.eta?.getTime() ?? 0) - now.getTime()) / 1000;
    expect(seconds).toBeCloseTo((1112 / (PLANNING_KMH * 1000)) * 3600 + 30, -1);
  });

  it('falls back to the schedule without a fresh position', () => {
    const stale = { lat: 32.015, lng: -81.1, speed: 30, at: new Date(now.getTime() - FRESH_POSITION_MS - 1) };
    for (const fix of [stale, null]) {
      const trip = estimateTrip({ ...base, fix });
      expect(trip.basis).toBe('schedule');
      expect(trip.stops.map((stop) => stop.eta?.toISOString())).toEqual([
        '2026-11-20T07:00:00.000Z',
        '2026-11-20T07:05:00.000Z',
        '2026-11-20T07:10:00.000Z',
      ]);
      expect(trip.stops.map((stop) => stop.minutes_late)).toEqual([0, 0, 0]);
    }
  });
});

const arbitraryTrip = fc.record({
  stops: fc
    .array(
      fc.record({
        lat: fc.option(fc.double({ min: 31.9, max: 32.1, noNaN: true }), { nil: null }),
        lng: fc.option(fc.double({ min: -81.2, max: -81.0, noNaN: true }), { nil: null }),
        minute: fc.option(fc.integer({ min: 0, max: 59 }), { nil: null }),
      }),
      { minLength: 1, maxLength: 12 },
    )
    .map((list) =>
      list.map((stop, index): EtaStop => ({
        position: index + 1,
        name: `S${index + 1}`,
        time: stop.minute === null ? null : `07:${String(stop.minute).padStart(2, '0')}`,
        lat: stop.lat === null || stop.lng === null ? null : stop.lat,
        lng: stop.lat === null || stop.lng === null ? null : stop.lng,
      })),
    ),
  fix: fc.option(
    fc.record({
      lat: fc.double({ min: 31.9, max: 32.1, noNaN: true }),
      lng: fc.double({ min: -81.2, max: -81.0, noNaN: true }),
      speed: fc.option(fc.double({ min: 0, max: 120, noNaN: true }), { nil: null }),
      ageMs: fc.integer({ min: 0, max: 10 * 60_000 }),
    }),
    { nil: null },
  ),
  traffic: fc.constantFrom('clear', 'moderate', 'heavy', 'unavailable', null),
  arrivedCount: fc.integer({ min: 0, max: 3 }),
});

describe('estimateTrip properties', () => {
  it('a farther stop never gets an earlier eta; minutes_late is the eta against the schedule; stale falls back', () => {
    fc.assert(
      fc.property(arbitraryTrip, ({ stops: tripStops, fix, traffic, arrivedCount }) => {
        const arrivals = new Map(
          tripStops
            .slice(0, arrivedCount)
            .map((stop, index) => [stop.position, new Date(Date.parse('2026-11-20T06:50:00Z') + index * 60_000)]),
        );
        const trip = estimateTrip({
          date: '2026-11-20',
          timeZone: 'UTC',
          stops: tripStops,
          fix: fix === null ? null : { lat: fix.lat, lng: fix.lng, speed: fix.speed, at: new Date(now.getTime() - fix.ageMs) },
          arrivals,
          traffic,
          now,
        });
        const upcoming = trip.stops.filter((stop) => stop.state === 'upcoming' && stop.eta !== null);
        for (let index = 1; index < upcoming.length; index += 1) {
          expect(upcoming[index]?.eta?.getTime()).toBeGreaterThanOrEqual(upcoming[index - 1]?.eta?.getTime() ?? 0);
        }
        for (const [index, stop] of trip.stops.entries()) {
          const planned = tripStops[index]?.time;
          if (stop.eta === null || !planned) {
            expect(stop.minutes_late).toBeNull();
          } else {
            expect(stop.minutes_late).toBe(Math.round((stop.eta.getTime() - Date.parse(`2026-11-20T${planned}:00Z`)) / 60_000));
          }
        }
        if (fix === null || fix.ageMs > FRESH_POSITION_MS) {
          expect(trip.basis).toBe('schedule');
        }
        if (trip.basis === 'schedule') {
          // Without a position, an upcoming stop's eta is its scheduled time unless an earlier stop is scheduled later.
          let latest = 0;
          for (const [index, stop] of trip.stops.entries()) {
            const planned = tripStops[index]?.time;
            if (stop.state === 'upcoming' && planned) {
              latest = Math.max(latest, Date.parse(`2026-11-20T${planned}:00Z`));
              expect(stop.eta?.getTime()).toBe(latest);
            }
          }
        }
        if (trip.basis === 'position') {
          for (const stop of upcoming) {
            expect(stop.eta?.getTime()).toBeGreaterThanOrEqual(now.getTime());
          }
        }
        // No estimate for a timed stop precedes its time: the bus waits there until then.
        for (const [index, stop] of trip.stops.entries()) {
          const planned = tripStops[index]?.time;
          if (stop.state === 'upcoming' && planned && stop.eta !== null) {
            expect(stop.eta.getTime()).toBeGreaterThanOrEqual(Date.parse(`2026-11-20T${planned}:00Z`));
            expect(stop.minutes_late).toBeGreaterThanOrEqual(0);
          }
        }
        // Served means recorded as reached, and nothing is left behind before the run started.
        for (const stop of trip.stops) {
          expect(stop.state === 'arrived').toBe(arrivals.has(stop.position));
        }
        if (arrivals.size === 0) {
          expect(trip.stops.every((stop) => stop.state === 'upcoming')).toBe(true);
          expect(['scheduled', 'not_started', 'running']).toContain(trip.progress);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('estimateTrip in a tenant time zone', () => {
  it('schedules and minutes late follow the local stop times', () => {
    const zone = 'America/New_York';
    // 07:00 local on a winter day is 12:00 UTC; a bus at the first stop at 12:06 UTC is six minutes behind it.
    const at = new Date('2026-11-20T12:06:00.000Z');
    const schedule = estimateTrip({ date: '2026-11-20', timeZone: zone, stops, fix: null, arrivals: new Map(), traffic: null, now: at });
    expect(schedule.stops.map((stop) => stop.eta?.toISOString())).toEqual([
      '2026-11-20T12:00:00.000Z',
      '2026-11-20T12:05:00.000Z',
      '2026-11-20T12:10:00.000Z',
    ]);
    const live = estimateTrip({
      date: '2026-11-20',
      timeZone: zone,
      stops,
      fix: { lat: 32.0, lng: -81.1, speed: 30, at },
      arrivals: new Map(),
      traffic: null,
      now: at,
    });
    expect(live.stops[0]?.minutes_late).toBe(6);
  });
});
