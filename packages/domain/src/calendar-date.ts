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
