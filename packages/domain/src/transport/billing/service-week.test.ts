import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, cycleOfDate } from './billing-cycle.ts';
import { billedSchoolDays, proRataCents, serviceInCycle } from './service-week.ts';

const WEEK = { cycleStart: '2026-11-30', cycleEnd: '2026-12-06' };

describe('serviceInCycle', () => {
  it('bills nothing for a week that ends before the first pickup', () => {
    expect(serviceInCycle('2026-11-30', { cycleStart: '2026-11-23', cycleEnd: '2026-11-29' })).toEqual({ kind: 'none' });
    expect(serviceInCycle('2027-01-04', WEEK)).toEqual({ kind: 'none' });
  });

  it('bills in full the week of a Monday first pickup, and every week after a first pickup', () => {
    expect(serviceInCycle('2026-11-30', WEEK)).toEqual({ kind: 'full' });
    expect(serviceInCycle('2026-11-02', WEEK)).toEqual({ kind: 'full' });
    expect(serviceInCycle(null, WEEK)).toEqual({ kind: 'full' });
  });

  it.each([
    ['2026-12-01', 4], // Tuesday
    ['2026-12-02', 3], // Wednesday
    ['2026-12-03', 2], // Thursday
    ['2026-12-04', 1], // Friday
  ])('a first pickup on %s bills %i school days of five', (pickup, days) => {
    expect(serviceInCycle(pickup, WEEK)).toEqual({ kind: 'partial', schoolDays: days, from: pickup });
  });

  it('bills nothing for a week whose first pickup falls on its weekend', () => {
    expect(serviceInCycle('2026-12-05', WEEK)).toEqual({ kind: 'none' });
    expect(serviceInCycle('2026-12-06', WEEK)).toEqual({ kind: 'none' });
  });

  it('never bills a week before the first pickup, and bills some day of the week of a weekday pickup', () => {
    const day = fc.integer({ min: 0, max: 3000 }).map((offset) => addDays('2025-01-01', offset));
    fc.assert(
      fc.property(day, day, (pickup, someDay) => {
        const cycle = cycleOfDate(someDay);
        const days = billedSchoolDays(serviceInCycle(pickup, cycle));
        if (cycle.cycleEnd < pickup) {
          expect(days).toBe(0);
        }
        if (pickup <= cycle.cycleStart) {
          expect(days).toBe(5);
        }
        expect(days).toBeGreaterThanOrEqual(0);
        expect(days).toBeLessThanOrEqual(5);
      }),
    );
  });
});

describe('proRataCents', () => {
  it('bills 3/5 of a week for three school days, to the cent', () => {
    expect(proRataCents(17_500, 3)).toBe(10_500);
    expect(proRataCents(12_000, 5)).toBe(12_000);
    expect(proRataCents(12_345, 1)).toBe(2_469);
    expect(proRataCents(12_347, 3)).toBe(7_408); // 7408.2
  });

  it('never exceeds the weekly rate nor goes below zero, and grows with the days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: -3, max: 9 }), (weekly, days) => {
        const cents = proRataCents(weekly, days);
        expect(Number.isInteger(cents)).toBe(true);
        expect(cents).toBeGreaterThanOrEqual(0);
        expect(cents).toBeLessThanOrEqual(weekly);
        expect(proRataCents(weekly, days + 1)).toBeGreaterThanOrEqual(cents);
      }),
    );
  });
});
