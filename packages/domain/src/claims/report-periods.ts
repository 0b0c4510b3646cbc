const DAY_MS = 86_400_000;

/**
 * Age is exact elapsed time since intake, the same measure as the stats' aging: a claim 30 days
 * and one hour old is in 31-60 and also counts as "over 30 days" there.
 */
export const AGING_BUCKETS = [
  { key: 'DAYS_0_30', label: '0-30 days', minDays: 0, maxDays: 30 },
  { key: 'DAYS_31_60', label: '31-60 days', minDays: 30, maxDays: 60 },
  { key: 'DAYS_61_90', label: '61-90 days', minDays: 60, maxDays: 90 },
  { key: 'OVER_90', label: 'over 90 days', minDays: 90, maxDays: null },
] as const;

export type AgingBucketKey = (typeof AGING_BUCKETS)[number]['key'];

/** Each bucket as instants: created at or after `createdFrom`, before `createdBefore` (null: open-ended). */
export const agingBucketBounds = (asOf: Date) => {
  const daysAgo = (days: number | null) => (days === null ? null : new Date(asOf.getTime() - days * DAY_MS));

  return AGING_BUCKETS.map((bucket) => ({
    key: bucket.key,
    label: bucket.label,
    createdBefore: bucket.minDays === 0 ? null : daysAgo(bucket.minDays),
    createdFrom: daysAgo(bucket.maxDays),
  }));
};

/** `YYYY-MM` of an instant, in UTC. */
export const monthKey = (date: Date): string => date.toISOString().slice(0, 7);

/**
 * The `count` calendar months (UTC) ending with the one holding `now`, oldest first, each with its
 * first and last day (`YYYY-MM-DD`) and the instant the next month starts.
 */
export const monthsEndingAt = (now: Date, count: number) =>
  Array.from({ length: count }, (_, index) => {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - index), 1));
    const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));

    return {
      month: monthKey(start),
      start,
      next,
      firstDay: start.toISOString().slice(0, 10),
      lastDay: new Date(next.getTime() - DAY_MS).toISOString().slice(0, 10),
    };
  });
