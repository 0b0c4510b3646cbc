/**
 * A `YYYY-MM-DD` text that names a real day PostgreSQL can store in a `date` column. JavaScript
 * takes year 0000 (1 BC) as a date, but PostgreSQL has no year 0 and reads four-digit years as AD,
 * so a four-digit year runs from 0001 to 9999; 2026-02-30 is no day at all.
 */
export const isStorableCalendarDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) {
    return false;
  }
  const parsed = new Date(`${value}T00:00:00Z`);

  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

/**
 * Midnight UTC starting a day of the proleptic Gregorian calendar. `Date.UTC` reads years 0 to 99
 * as 1900 to 1999; `setUTCFullYear` takes the year as given. A month or day out of range rolls
 * over as in `Date.UTC` (month -1 is December of the year before).
 */
export const utcDate = (year: number, monthIndex: number, day: number): Date => {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);

  return date;
};

/** The first instant of year 0001 and of year 10000: storable four-digit years lie in between. */
export const FIRST_STORABLE_INSTANT = utcDate(1, 0, 1);
export const END_OF_STORABLE_YEARS = utcDate(10000, 0, 1);

/**
 * An exclusive upper bound as a statement can take it: one at or past the start of year 10000
 * (the day after 9999-12-31) excludes no instant of a four-digit year, so it is left out rather
 * than sent as a five-digit year.
 */
export const boundWithinStorableYears = (end: Date): Date | undefined =>
  end.getTime() >= END_OF_STORABLE_YEARS.getTime() ? undefined : end;
