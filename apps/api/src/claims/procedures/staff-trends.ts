import { agingBucketBounds, monthsEndingAt } from '@switchyard/domain/claims/report-periods';
import { CLAIM_TIERS, OPEN_STATUSES, RECOVERED_STATUSES, TIER_LABELS } from '@switchyard/domain/claims/vocabulary';
import { toIsoSeconds } from '@switchyard/domain/time';
import { readAgingBuckets, readRecoveryByIntakeMonth, readRecoveryByTier, type RecoveryRow } from '@switchyard/db/claims/reporting-reads';
import { staffProcedure } from '../trpc.ts';
import { staffTrendsOutput } from '../output-schemas.ts';

const MONTHS = 12;

const figures = (row: RecoveryRow | undefined) => ({
  claim_count: row?.claim_count ?? 0,
  recovered_count: row?.recovered_count ?? 0,
  amount_cents: row?.amount_cents ?? 0,
  recovered_amount_cents: row?.recovered_amount_cents ?? 0,
});

/** The staff page's trend charts: the reporting reads GraphQL uses, in one answer. */
export const staffTrends = staffProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/staff/stats/trends',
      status: 200,
      access: 'staff',
      tags: ['staff'],
      summary: 'Claims and recoveries per month, aging, recovery by tier',
      errors: ['forbidden'],
    },
  })
  .output(staffTrendsOutput)
  .query(async ({ ctx }) => {
    const now = ctx.now();
    const em = ctx.em;
    const months = monthsEndingAt(now, MONTHS);
    const [byMonth, aging, byTier] = await Promise.all([
      readRecoveryByIntakeMonth(em, {
        recoveredStatuses: RECOVERED_STATUSES,
        filter: { createdFrom: months[0]?.start, createdBefore: months.at(-1)?.next },
      }),
      readAgingBuckets(em, { openStatuses: OPEN_STATUSES, buckets: agingBucketBounds(now) }),
      readRecoveryByTier(em, { recoveredStatuses: RECOVERED_STATUSES, filter: {} }),
    ]);
    const monthRows = new Map(byMonth.map((row) => [row.key, row]));
    const tierRows = new Map(byTier.map((row) => [row.key, row]));
    const labels = new Map<string, string>(agingBucketBounds(now).map((bucket) => [bucket.key, bucket.label]));

    return {
      as_of: toIsoSeconds(now),
      months: months.map((month) => ({
        month: month.month,
        first_day: month.firstDay,
        last_day: month.lastDay,
        ...figures(monthRows.get(month.month)),
      })),
      aging: aging.map((row) => ({ ...row, label: labels.get(row.key) ?? row.key })),
      tiers: CLAIM_TIERS.map((tier) => {
        const row = figures(tierRows.get(tier));

        return {
          tier,
          tier_label: TIER_LABELS[tier],
          ...row,
          amount_rate: row.amount_cents === 0 ? null : row.recovered_amount_cents / row.amount_cents,
        };
      }),
    };
  });
