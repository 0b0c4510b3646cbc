import { boundWithinStorableYears, FIRST_STORABLE_INSTANT, utcDate } from '@switchyard/domain/calendar-date';
import { formatCents } from '@switchyard/domain/money';
import { CLAIM_TIERS, RECOVERED_STATUSES, TIER_LABELS, type ClaimTier } from '@switchyard/domain/claims/vocabulary';
import { readRecoveryByIntakeMonth, readRecoveryByTier, type RecoveryRow } from '@switchyard/db/claims/reporting-reads';
import { builder, cost } from '../builder.ts';
import { GRAPHQL_LIMITS } from '../limits.ts';
import { toListFilter } from '../types/claim-filter.ts';
import { ClaimTierEnum } from '../types/enums.ts';
import { formatMonth, parseMonth, periodsCovering } from './periods.ts';

/**
 * Recovered means SETTLED or CLOSED, as in the stats. Rates are recovered over all claims of the
 * group, whatever their status, by count and by amount; a group without claims has no rate (null).
 */

const emptyRow = (key: string): RecoveryRow => ({ key, claim_count: 0, recovered_count: 0, amount_cents: 0, recovered_amount_cents: 0 });

const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

const recoveryFields = builder.objectRef<RecoveryRow>('RecoveryFigures');

recoveryFields.implement({
  description: 'Claims of one group and the part of them recovered (SETTLED or CLOSED).',
  fields: (t) => ({
    claimCount: t.exposeInt('claim_count'),
    recoveredCount: t.exposeInt('recovered_count'),
    countRate: t.float({
      nullable: true,
      description: 'recoveredCount / claimCount.',
      resolve: (row) => ratio(row.recovered_count, row.claim_count),
    }),
    amountCents: t.field({ type: 'Cents', resolve: (row) => row.amount_cents }),
    amountDisplay: t.string({ resolve: (row) => formatCents(row.amount_cents) }),
    recoveredAmountCents: t.field({ type: 'Cents', resolve: (row) => row.recovered_amount_cents }),
    recoveredAmountDisplay: t.string({ resolve: (row) => formatCents(row.recovered_amount_cents) }),
    amountRate: t.float({
      nullable: true,
      description: 'recoveredAmountCents / amountCents.',
      resolve: (row) => ratio(row.recovered_amount_cents, row.amount_cents),
    }),
  }),
});

const TierRecoveryRef = builder.objectRef<RecoveryRow>('TierRecovery').implement({
  fields: (t) => ({
    tier: t.field({ type: ClaimTierEnum, resolve: (row) => row.key as ClaimTier }),
    tierLabel: t.string({ resolve: (row) => TIER_LABELS[row.key as ClaimTier] }),
    figures: t.field({ type: recoveryFields, resolve: (row) => row }),
  }),
});

const MonthRecoveryRef = builder.objectRef<RecoveryRow>('MonthRecovery').implement({
  fields: (t) => ({
    month: t.string({ description: 'Month of intake, YYYY-MM (UTC).', resolve: (row) => row.key }),
    figures: t.field({ type: recoveryFields, resolve: (row) => row }),
  }),
});

builder.queryFields((t) => ({
  recoveryByTier: t.field({
    type: [TierRecoveryRef],
    description: 'Every tier, for claims taken in within the optional day range (UTC, both ends inclusive).',
    args: {
      createdFrom: t.arg({ type: 'Date', required: false }),
      createdTo: t.arg({ type: 'Date', required: false }),
    },
    extensions: cost({ base: 25 }),
    resolve: async (_root, args, context) => {
      const rows = await readRecoveryByTier(context.em, {
        recoveredStatuses: RECOVERED_STATUSES,
        filter: toListFilter({ createdFrom: args.createdFrom, createdTo: args.createdTo }),
      });
      const byTier = new Map(rows.map((row) => [row.key, row]));

      return CLAIM_TIERS.map((tier) => byTier.get(tier) ?? emptyRow(tier));
    },
  }),
  recoveryByIntakeMonth: t.field({
    type: [MonthRecoveryRef],
    description: `Every month from fromMonth to toMonth (YYYY-MM, both inclusive, UTC), empty ones included; by default the twelve months up to the current one. At most ${GRAPHQL_LIMITS.maxSeriesPoints} months.`,
    args: {
      fromMonth: t.arg.string({ required: false }),
      toMonth: t.arg.string({ required: false }),
    },
    extensions: cost({ base: 25 }),
    resolve: async (_root, args, context) => {
      const to = args.toMonth ? parseMonth(args.toMonth, 'toMonth') : parseMonth(formatMonth(context.now), 'toMonth');
      const from = args.fromMonth
        ? parseMonth(args.fromMonth, 'fromMonth')
        : new Date(Math.max(utcDate(to.getUTCFullYear(), to.getUTCMonth() - 11, 1).getTime(), FIRST_STORABLE_INSTANT.getTime()));
      const months = periodsCovering(from, to, 'MONTH', GRAPHQL_LIMITS.maxSeriesPoints);
      const end = months.at(-1)?.end;
      const rows = await readRecoveryByIntakeMonth(context.em, {
        recoveredStatuses: RECOVERED_STATUSES,
        filter: { createdFrom: from, createdBefore: end && boundWithinStorableYears(end) },
      });
      const byMonth = new Map(rows.map((row) => [row.key, row]));

      return months.map(({ start }) => byMonth.get(formatMonth(start)) ?? emptyRow(formatMonth(start)));
    },
  }),
}));
