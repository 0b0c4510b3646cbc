/** Weekly billing cycles (Monday to Sunday, UTC) and when a household's first invoice is due. */

const DAY_MS = 86_400_000;

/** Days before the first pickup at which the first weekly invoice is generated. */
export const FIRST_INVOICE_LEAD_DAYS = 5;

export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

export type BillingCycle = { cycleStart: string; cycleEnd: string };

export const cycleContaining = (now: Date): BillingCycle => {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // getUTCDay: Sunday 0 .. Saturday 6; Monday starts the cycle.
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  const monday = day - sinceMonday * DAY_MS;

  return { cycleStart: isoDate(new Date(monday)), cycleEnd: isoDate(new Date(monday + 6 * DAY_MS)) };
};

/** Due when the first pickup is within the lead days from today, or already past. */
export const firstInvoiceDue = (firstPickupDate: string, today: Date): boolean => {
  const pickup = Date.parse(`${firstPickupDate}T00:00:00Z`);
  const todayStart = Date.parse(`${isoDate(today)}T00:00:00Z`);

  return pickup - todayStart <= FIRST_INVOICE_LEAD_DAYS * DAY_MS;
};
