import { describe, expect, it } from 'vitest';
import { agingBucketBounds, monthsEndingAt } from './report-periods.ts';

describe('monthsEndingAt', () => {
  it('gives twelve months up to the current one, across a year end, with their first and last days', () => {
    const months = monthsEndingAt(new Date('2026-02-15T23:30:00Z'), 12);
    expect(months.map((month) => month.month)).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(months.at(-1)).toMatchObject({ firstDay: '2026-02-01', lastDay: '2026-02-28' });
    expect(months.at(-1)?.next.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});

describe('agingBucketBounds', () => {
  it('leaves the youngest bucket open at the top and the oldest open at the bottom', () => {
    const bounds = agingBucketBounds(new Date('2026-11-24T00:00:00Z'));
    expect(bounds[0]).toMatchObject({ key: 'DAYS_0_30', createdBefore: null, createdFrom: new Date('2026-10-25T00:00:00Z') });
    expect(bounds.at(-1)).toMatchObject({ key: 'OVER_90', createdBefore: new Date('2026-08-26T00:00:00Z'), createdFrom: null });
  });
});
