import { utcDate } from '@switchyard/domain/calendar-date';
import { invalidInputError } from '../../../graphql-common/graphql-errors.ts';

/** Calendar periods in UTC. Weeks start on Monday (ISO 8601). */

export const REPORT_INTERVALS = ['DAY', 'WEEK', 'MONTH'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];

export type Period = { start: Date; end: Date };

const DAY_MS = 86_400_000;

export const startOfUtcDay = (date: Date): Date => utcDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

const startOfPeriod = (date: Date, interval: ReportInterval): Date => {
  const day = startOfUtcDay(date);
  if (interval === 'DAY') {
    return day;
  }
  if (interval === 'WEEK') {
    const sinceMonday = (day.getUTCDay() + 6) % 7;

    return new Date(day.getTime() - sinceMonday * DAY_MS);
  }

  return utcDate(day.getUTCFullYear(), day.getUTCMonth(), 1);
};

const nextPeriod = (start: Date, interval: ReportInterval): Date => {
  if (interval === 'DAY') {
    return new Date(start.getTime() + DAY_MS);
  }
  if (interval === 'WEEK') {
    return new Date(start.getTime() + 7 * DAY_MS);
  }

  return utcDate(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
};

/** The periods that contain `from` through `to`, both inclusive; refuses more than `max` of them. */
export const periodsCovering = (from: Date, to: Date, interval: ReportInterval, max: number): Period[] => {
  if (from.getTime() > to.getTime()) {
    throw invalidInputError('from must not be after to.');
  }
  const periods: Period[] = [];
  for (let start = startOfPeriod(from, interval); start.getTime() <= to.getTime(); start = nextPeriod(start, interval)) {
    if (periods.length === max) {
      throw invalidInputError(`The range holds more than ${max} periods; narrow it or use a longer interval.`);
    }
    periods.push({ start, end: nextPeriod(start, interval) });
  }

  return periods;
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `YYYY-MM` to the first instant of that month (UTC); years 0001 to 9999, as PostgreSQL stores them. */
export const parseMonth = (value: string, name: string): Date => {
  const match = MONTH.exec(value);
  const year = Number(match?.[1]);
  if (!match || year < 1) {
    throw invalidInputError(`${name} must be a month from 0001-01 to 9999-12 written YYYY-MM.`);
  }

  return utcDate(year, Number(match[2]) - 1, 1);
};

export const formatMonth = (date: Date): string => date.toISOString().slice(0, 7);

export const formatDay = (date: Date): string => date.toISOString().slice(0, 10);
