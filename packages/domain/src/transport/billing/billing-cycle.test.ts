import { describe, expect, it } from 'vitest';
import { cycleContaining, firstInvoiceDue } from './billing-cycle.ts';

describe('cycleContaining', () => {
  it.each([
    ['2026-11-23T00:00:00Z', '2026-11-23', '2026-11-29'], // Monday
    ['2026-11-25T13:00:00Z', '2026-11-23', '2026-11-29'], // Wednesday
    ['2026-11-29T23:59:59Z', '2026-11-23', '2026-11-29'], // Sunday, last second
    ['2026-12-31T10:00:00Z', '2026-12-28', '2027-01-03'], // across a year end
  ])('%s falls in %s..%s (UTC)', (now, start, end) => {
    expect(cycleContaining(new Date(now))).toEqual({ cycleStart: start, cycleEnd: end });
  });
});

describe('firstInvoiceDue', () => {
  const today = new Date('2026-11-22T18:00:00Z');

  it('is due for a first pickup within five days or already past', () => {
    expect(firstInvoiceDue('2026-11-27', today)).toBe(true);
    expect(firstInvoiceDue('2026-11-22', today)).toBe(true);
    expect(firstInvoiceDue('2026-01-01', today)).toBe(true);
  });

  it('is not due six days or more ahead', () => {
    expect(firstInvoiceDue('2026-11-28', today)).toBe(false);
  });
});
