import { describe, expect, it } from 'vitest';
import { boundWithinStorableYears, isStorableCalendarDate, utcDate } from './calendar-date.ts';

describe('isStorableCalendarDate', () => {
  it('takes real days from 0001-01-01 to 9999-12-31', () => {
    for (const date of ['0001-01-01', '2024-02-29', '2026-11-24', '9999-12-31']) {
      expect(isStorableCalendarDate(date), date).toBe(true);
    }
  });

  it('refuses year 0000, which PostgreSQL has not, and days that do not exist', () => {
    for (const date of [
      '0000-01-01',
      '0000-12-31',
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-1-1',
      '+02026-01-01',
      '12/01/2026',
      '',
    ]) {
      expect(isStorableCalendarDate(date), date).toBe(false);
    }
  });
});

describe('utcDate', () => {
  it('keeps years below 100 as they are', () => {
    expect(utcDate(99, 11, 1).toISOString()).toBe('0099-12-01T00:00:00.000Z');
    expect(utcDate(1, -1, 1).toISOString()).toBe('0000-12-01T00:00:00.000Z');
    expect(utcDate(2026, 12, 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('boundWithinStorableYears', () => {
  it('drops a bound at or past the start of year 10000 and keeps earlier ones', () => {
    expect(boundWithinStorableYears(utcDate(10000, 0, 1))).toBeUndefined();
    const last = new Date('9999-12-31T00:00:00Z');
    expect(boundWithinStorableYears(last)).toBe(last);
  });
});
