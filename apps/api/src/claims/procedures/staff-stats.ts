import { formatCents } from '@switchyard/domain/money';
import { CLAIM_STATUSES, CLAIM_TIERS, OPEN_STATUSES, RECOVERED_STATUSES } from '@switchyard/domain/claims/vocabulary';
import { readClaimStats } from '@switchyard/db/claims/staff-reads';
import { staffProcedure } from '../trpc.ts';
import { staffStatsOutput } from '../output-schemas.ts';

/** Every status and tier is listed, zero included, so charts keep a stable shape. */
const complete = (keys: readonly string[], counts: Record<string, number>) =>
  Object.fromEntries(keys.map((key) => [key, counts[key] ?? 0]));

export const staffStats = staffProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/staff/stats',
      status: 200,
      access: 'staff',
      tags: ['staff'],
      summary: 'Aggregate statistics',
      errors: ['forbidden'],
    },
  })
  .output(staffStatsOutput)
  .query(async ({ ctx }) => {
    const stats = await readClaimStats(ctx.em, {
      now: ctx.now(),
      openStatuses: OPEN_STATUSES,
      recoveredStatuses: RECOVERED_STATUSES,
    });

    return {
      total_claims: stats.total_claims,
      by_status: complete(CLAIM_STATUSES, stats.by_status),
      by_tier: complete(CLAIM_TIERS, stats.by_tier),
      total_amount_cents: stats.total_amount_cents,
      total_amount_display: formatCents(stats.total_amount_cents),
      recovered_amount_cents: stats.recovered_amount_cents,
      open_amount_cents: stats.open_amount_cents,
      aging: { over_30_days: stats.over_30_days, over_60_days: stats.over_60_days },
      client_activity: stats.client_activity,
    };
  });
