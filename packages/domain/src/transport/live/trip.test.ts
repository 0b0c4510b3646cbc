import { describe, expect, it } from 'vitest';
import { horizonAccuracy, horizonsReached } from './accuracy.ts';
import { tripAt, tripDirection, tripWindow } from './trip.ts';

describe('trips', () => {
  it('a both route runs in the direction its clock says', () => {
    expect(tripDirection('both', '07:10')).toBe('morning');
    expect(tripDirection('both', '15:00')).toBe('afternoon');
    expect(tripDirection('afternoon', '07:00')).toBe('afternoon');
  });

  it('the window opens 60 minutes before the first stop and closes 30 after the last', () => {
    expect(tripWindow('2026-11-20', ['07:30', null, '07:00'])).toEqual({ opensAt: new Date('2026-11-20T06:00:00Z'), closesAt: new Date('2026-11-20T08:00:00Z') });
    expect(tripWindow('2026-11-20', [null])).toBeNull();
    const route = { mode: 'both' as const, times: ['07:00', '07:30'] };
    expect(tripAt(route, new Date('2026-11-20T05:59:59Z'))).toBeNull();
    expect(tripAt(route, new Date('2026-11-20T06:00:00Z'))?.direction).toBe('morning');
    expect(tripAt(route, new Date('2026-11-20T08:00:01Z'))).toBeNull();
  });
});

describe('accuracy', () => {
  it('counts arrivals within two minutes of the estimate, leaving out those without one', () => {
    const at = new Date('2026-11-20T07:10:00Z');
    expect(
      horizonAccuracy([
        { arrivedAt: at, estimate: new Date('2026-11-20T07:08:30Z') },
        { arrivedAt: at, estimate: new Date('2026-11-20T07:13:00Z') },
        { arrivedAt: at, estimate: null },
      ]),
    ).toEqual({ arrivals: 2, within_2_minutes: 1, share: 0.5 });
    expect(horizonAccuracy([]).share).toBeNull();
  });

  it('an estimate stands for the horizon it was made at', () => {
    const now = new Date('2026-11-20T07:00:00Z');
    expect(horizonsReached(new Date('2026-11-20T07:09:00Z'), now)).toEqual([10]);
    expect(horizonsReached(new Date('2026-11-20T07:03:00Z'), now)).toEqual([5]);
    expect(horizonsReached(new Date('2026-11-20T07:12:00Z'), now)).toEqual([]);
  });
});
