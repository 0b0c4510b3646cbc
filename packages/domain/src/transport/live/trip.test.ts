import { describe, expect, it } from 'vitest';
import { horizonAccuracy, horizonsReached } from './accuracy.ts';
import { runOfDay, tripAt, tripDirection, tripWindow } from './trip.ts';

describe('trips', () => {
  it('a both route runs in the direction its clock says', () => {
    expect(tripDirection('both', '07:10')).toBe('morning');
    expect(tripDirection('both', '15:00')).toBe('afternoon');
    expect(tripDirection('afternoon', '07:00')).toBe('afternoon');
  });

  it('the window opens 60 minutes before the first stop and closes 30 after the last', () => {
    expect(tripWindow('2026-11-20', ['07:30', null, '07:00'], 'UTC')).toEqual({
      opensAt: new Date('2026-11-20T06:00:00Z'),
      closesAt: new Date('2026-11-20T08:00:00Z'),
    });
    expect(tripWindow('2026-11-20', [null], 'UTC')).toBeNull();
    const route = [{ direction: 'morning' as const, times: ['07:00', '07:30'] }];
    expect(tripAt(route, new Date('2026-11-20T05:59:59Z'), 'UTC')).toBeNull();
    expect(tripAt(route, new Date('2026-11-20T06:00:00Z'), 'UTC')?.direction).toBe('morning');
    expect(tripAt(route, new Date('2026-11-20T08:00:01Z'), 'UTC')).toBeNull();
  });

  it("stop times are read on the clocks of the tenant's zone, summer time included", () => {
    const zone = 'America/New_York';
    const morning = { direction: 'morning' as const, times: ['07:15', '07:45'] };
    const route = [morning];
    // Winter (EST, UTC-5): 07:15 local is 12:15 UTC, the window 11:15-13:15 UTC.
    expect(tripWindow('2026-11-24', morning.times, zone)).toEqual({
      opensAt: new Date('2026-11-24T11:15:00Z'),
      closesAt: new Date('2026-11-24T13:15:00Z'),
    });
    expect(tripAt(route, new Date('2026-11-24T11:20:00Z'), zone)).toMatchObject({ date: '2026-11-24', direction: 'morning' });
    expect(tripAt(route, new Date('2026-11-24T07:20:00Z'), zone)).toBeNull();
    // Summer (EDT, UTC-4), and both days clocks change.
    expect(tripWindow('2026-07-01', morning.times, zone)?.opensAt).toEqual(new Date('2026-07-01T10:15:00Z'));
    expect(tripWindow('2026-03-08', morning.times, zone)?.opensAt).toEqual(new Date('2026-03-08T10:15:00Z'));
    expect(tripWindow('2026-11-01', morning.times, zone)?.opensAt).toEqual(new Date('2026-11-01T11:15:00Z'));
    // An evening run late in the local day is still that day's trip, though UTC has moved on.
    const evening = [{ direction: 'afternoon' as const, times: ['22:00', '22:40'] }];
    expect(tripAt(evening, new Date('2026-11-25T03:30:00Z'), zone)).toMatchObject({ date: '2026-11-24', direction: 'afternoon' });
  });
});

describe('two runs a day', () => {
  const runs = [
    { direction: 'morning' as const, times: ['07:40', '08:10'] },
    { direction: 'afternoon' as const, times: ['15:00', '15:25'] },
  ];
  it('runs the run whose window holds the clock, and shows the next one, or the last one, between them', () => {
    const at = (time: string) => new Date(`2026-11-20T${time}:00Z`);
    expect(tripAt(runs, at('07:45'), 'UTC')?.direction).toBe('morning');
    expect(tripAt(runs, at('15:20'), 'UTC')?.direction).toBe('afternoon');
    expect(tripAt(runs, at('11:00'), 'UTC')).toBeNull();
    expect(runOfDay(runs, at('05:00'), 'UTC')).toBe('morning');
    expect(runOfDay(runs, at('11:00'), 'UTC')).toBe('afternoon');
    expect(runOfDay(runs, at('20:00'), 'UTC')).toBe('afternoon');
    expect(runOfDay([runs[0]!], at('20:00'), 'UTC')).toBe('morning');
    expect(runOfDay([], at('20:00'), 'UTC')).toBeNull();
  });
});

describe('accuracy', () => {
  it('shares the arrivals within two minutes among those with an estimate, and has no share without one', () => {
    expect(horizonAccuracy(2, 1)).toEqual({ arrivals: 2, within_2_minutes: 1, share: 0.5 });
    expect(horizonAccuracy(4, 4).share).toBe(1);
    expect(horizonAccuracy(0, 0)).toEqual({ arrivals: 0, within_2_minutes: 0, share: null });
  });

  it('an estimate stands for the horizon it was made at', () => {
    const now = new Date('2026-11-20T07:00:00Z');
    expect(horizonsReached(new Date('2026-11-20T07:09:00Z'), now)).toEqual([10]);
    expect(horizonsReached(new Date('2026-11-20T07:03:00Z'), now)).toEqual([5]);
    expect(horizonsReached(new Date('2026-11-20T07:12:00Z'), now)).toEqual([]);
  });
});
