import { formatCents } from '@switchyard/domain/money';
import { OPEN_STATUSES } from '@switchyard/domain/claims/vocabulary';
import { readAgingBuckets, type AgingBucketRow } from '@switchyard/db/claims/reporting-reads';
import { builder, cost } from '../builder.ts';

const DAY_MS = 86_400_000;

/**
 * Age is exact elapsed time since intake, the same measure as the stats' aging: a claim 30 days
 * and one hour old is in 31-60 and also counts as "over 30 days" there.
 */
const BUCKETS = [
  { key: 'DAYS_0_30', label: '0-30 days', minDays: 0, maxDays: 30 },
  { key: 'DAYS_31_60', label: '31-60 days', minDays: 30, maxDays: 60 },
  { key: 'DAYS_61_90', label: '61-90 days', minDays: 60, maxDays: 90 },
  { key: 'OVER_90', label: 'over 90 days', minDays: 90, maxDays: null },
] as const;

type BucketKey = (typeof BUCKETS)[number]['key'];

const AgingBucketKeyEnum = builder.enumType('AgingBucketKey', { values: BUCKETS.map((bucket) => bucket.key) });

type AgingReport = { asOf: Date; buckets: (AgingBucketRow & { label: string })[] };

const AgingBucketRef = builder.objectRef<AgingReport['buckets'][number]>('AgingBucket').implement({
  fields: (t) => ({
    bucket: t.field({ type: AgingBucketKeyEnum, resolve: (row) => row.key as BucketKey }),
    label: t.exposeString('label'),
    claimCount: t.exposeInt('claim_count'),
    amountCents: t.field({ type: 'Cents', resolve: (row) => row.amount_cents }),
    amountDisplay: t.string({ resolve: (row) => formatCents(row.amount_cents) }),
  }),
});

const AgingReportRef = builder.objectRef<AgingReport>('AgingReport').implement({
  description: 'Open claims (NEW, UNDER_REVIEW, ACTIVE, NEGOTIATION, LEGAL) by time since intake.',
  fields: (t) => ({
    asOf: t.field({ type: 'DateTime', resolve: (report) => report.asOf }),
    buckets: t.field({ type: [AgingBucketRef], resolve: (report) => report.buckets }),
    claimCount: t.int({ resolve: (report) => report.buckets.reduce((sum, row) => sum + row.claim_count, 0) }),
    amountCents: t.field({ type: 'Cents', resolve: (report) => report.buckets.reduce((sum, row) => sum + row.amount_cents, 0) }),
  }),
});

builder.queryField('agingBuckets', (t) =>
  t.field({
    type: AgingReportRef,
    extensions: cost({ base: 25 }),
    resolve: async (_root, _args, context) => {
      const asOf = context.now;
      const daysAgo = (days: number | null) => (days === null ? null : new Date(asOf.getTime() - days * DAY_MS));
      const rows = await readAgingBuckets(context.em, {
        openStatuses: OPEN_STATUSES,
        buckets: BUCKETS.map((bucket) => ({
          key: bucket.key,
          createdBefore: bucket.minDays === 0 ? null : daysAgo(bucket.minDays),
          createdFrom: daysAgo(bucket.maxDays),
        })),
      });

      return { asOf, buckets: rows.map((row, index) => ({ ...row, label: BUCKETS[index]?.label ?? row.key })) };
    },
  }),
);
