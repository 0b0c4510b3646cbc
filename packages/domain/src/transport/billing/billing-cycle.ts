import { DEFAULT_TIME_ZONE, localDateOf } from '../time-zone.ts';

/**
 * Weekly billing cycles (Monday to Sunday) and when a household's first invoice is due. Days are
 * the tenant's days: "this week" and "today" are read on the tenant's clock (an IANA zone), so a
 * Sunday evening in America/Los_Angeles is still Sunday, not the Monday UTC already reached.
 */

const DAY_MS = 86_400_000;

/** Days before the first pickup at which the first weekly invoice is generated. */
export const FIRST_INVOICE_LEAD_DAYS = 5;

export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

export type BillingCycle = { cycleStart: string; cycleEnd: string };

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOfDay = (day: number): string => isoDate(new Date(day * DAY_MS));

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export const addDays = (date: string, days: number): string => dateOfDay(dayNumber(date) + days);

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** The Monday-to-Sunday cycle a calendar day (YYYY-MM-DD) belongs to. */
export const cycleOfDate = (date: string): BillingCycle => {
  const day = dayNumber(date);
  // getUTCDay: Sunday 0 .. Saturday 6; Monday starts the cycle.
  const sinceMonday = (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
  const monday = day - sinceMonday;

  return { cycleStart: dateOfDay(monday), cycleEnd: dateOfDay(monday + 6) };
};

/** The tenant's calendar day at `now`. */
export const todayIn = (now: Date, timeZone: string = DEFAULT_TIME_ZONE): string => localDateOf(now, timeZone);

/** The cycle the tenant's today falls in. */
export const cycleContaining = (now: Date, timeZone: string = DEFAULT_TIME_ZONE): BillingCycle => cycleOfDate(todayIn(now, timeZone));

/** Due when the first pickup is within the lead days from the tenant's today, or already past. */
export const firstInvoiceDue = (firstPickupDate: string, today: string): boolean =>
  daysBetween(today, firstPickupDate) <= FIRST_INVOICE_LEAD_DAYS;

/** The last first-pickup day whose first invoice is due today. */
export const latestDuePickup = (today: string): string => addDays(today, FIRST_INVOICE_LEAD_DAYS);

/**
 * The week a household's first invoice bills: the week of its first pickup, or this week when the
 * first pickup is already behind (a household never billed is not billed for weeks gone by).
 */
export const firstBilledCycle = (firstPickupDate: string, today: string): BillingCycle =>
  cycleOfDate(firstPickupDate > today ? firstPickupDate : today);
