import { formatCents } from '@switchyard/domain/money';
import { OPEN_STATUSES } from '@switchyard/domain/claims/vocabulary';
import { readAgingBuckets, type AgingBucketRow } from '@switchyard/db/claims/reporting-reads';
import { AGING_BUCKETS, agingBucketBounds, type AgingBucketKey } from '@switchyard/domain/claims/report-periods';
import { builder, cost } from '../builder.ts';

type BucketKey = AgingBucketKey;

const AgingBucketKeyEnum = builder.enumType('AgingBucketKey', { values: AGING_BUCKETS.map((bucket) => bucket.key) });

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
      const buckets = agingBucketBounds(asOf);
      const rows = await readAgingBuckets(context.em, { openStatuses: OPEN_STATUSES, buckets });

      return { asOf, buckets: rows.map((row, index) => ({ ...row, label: buckets[index]?.label ?? row.key })) };
    },
  }),
);
