import { describe, expect, it } from 'vitest';
import { cycleContaining, cycleOfDate, firstBilledCycle, firstInvoiceDue, latestDuePickup, todayIn } from './billing-cycle.ts';

describe('cycleContaining', () => {
  it.each([
    ['2026-11-23T00:00:00Z', '2026-11-23', '2026-11-29'], // Monday
    ['2026-11-25T13:00:00Z', '2026-11-23', '2026-11-29'], // Wednesday
    ['2026-11-29T23:59:59Z', '2026-11-23', '2026-11-29'], // Sunday, last second
    ['2026-12-31T10:00:00Z', '2026-12-28', '2027-01-03'], // across a year end
  ])('%s falls in %s..%s (UTC)', (now, start, end) => {
    expect(cycleContaining(new Date(now))).toEqual({ cycleStart: start, cycleEnd: end });
  });

  it("reads the week on the tenant's clock", () => {
    // Monday 01:00 UTC is still Sunday evening in Los Angeles, and already Monday in Auckland.
    const mondayEarly = new Date('2026-11-30T01:00:00Z');
    expect(cycleContaining(mondayEarly, 'UTC')).toEqual({ cycleStart: '2026-11-30', cycleEnd: '2026-12-06' });
    expect(cycleContaining(mondayEarly, 'America/Los_Angeles')).toEqual({ cycleStart: '2026-11-23', cycleEnd: '2026-11-29' });
    // Sunday 20:00 UTC is Monday morning in Auckland.
    expect(cycleContaining(new Date('2026-11-29T20:00:00Z'), 'Pacific/Auckland')).toEqual({
      cycleStart: '2026-11-30',
      cycleEnd: '2026-12-06',
    });
    expect(todayIn(mondayEarly, 'America/Los_Angeles')).toBe('2026-11-29');
  });

  it('is the Monday to Sunday of any day', () => {
    expect(cycleOfDate('2026-12-02')).toEqual({ cycleStart: '2026-11-30', cycleEnd: '2026-12-06' });
    expect(cycleOfDate('2026-12-06')).toEqual({ cycleStart: '2026-11-30', cycleEnd: '2026-12-06' });
  });
});

describe('firstInvoiceDue', () => {
  const today = '2026-11-22';

  it('is due for a first pickup within five days or already past', () => {
    expect(firstInvoiceDue('2026-11-27', today)).toBe(true);
    expect(firstInvoiceDue('2026-11-22', today)).toBe(true);
    expect(firstInvoiceDue('2026-01-01', today)).toBe(true);
    expect(latestDuePickup(today)).toBe('2026-11-27');
  });

  it('is not due six days or more ahead', () => {
    expect(firstInvoiceDue('2026-11-28', today)).toBe(false);
  });
});

describe('firstBilledCycle', () => {
  it('is the week of a first pickup still ahead, never the week before it', () => {
    // Thursday 26 November, first pickup Monday 30 November: the first week billed starts on the 30th.
    expect(firstBilledCycle('2026-11-30', '2026-11-26')).toEqual({ cycleStart: '2026-11-30', cycleEnd: '2026-12-06' });
    expect(firstBilledCycle('2026-11-27', '2026-11-26')).toEqual({ cycleStart: '2026-11-23', cycleEnd: '2026-11-29' });
  });

  it('is this week when the first pickup is behind', () => {
    expect(firstBilledCycle('2026-10-01', '2026-11-26')).toEqual({ cycleStart: '2026-11-23', cycleEnd: '2026-11-29' });
  });
});
