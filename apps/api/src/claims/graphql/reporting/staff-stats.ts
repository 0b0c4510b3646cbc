import { builder, cost } from '../builder.ts';
import { claimsRouter } from '../../router.ts';
import { createCallerFactory } from '../../trpc.ts';
import { everyStatus, everyTier, StatusCountRef, TierCountRef } from './counts.ts';

const createCaller = createCallerFactory(claimsRouter);

type StaffStats = Awaited<ReturnType<ReturnType<typeof createCaller>['staff']['stats']>>;

const StaleAgingRef = builder.objectRef<StaffStats['aging']>('StaffStatsAging').implement({
  description: 'Open claims taken in more than 30 and more than 60 days ago (one over 60 is also over 30).',
  fields: (t) => ({
    over30Days: t.exposeInt('over_30_days'),
    over60Days: t.exposeInt('over_60_days'),
  }),
});

const StaffStatsRef = builder.objectRef<StaffStats>('StaffStats').implement({
  description: 'The figures of GET /api/staff/stats, computed by the same procedure.',
  fields: (t) => ({
    totalClaims: t.exposeInt('total_claims'),
    byStatus: t.field({ type: [StatusCountRef], resolve: (stats) => everyStatus(stats.by_status) }),
    byTier: t.field({ type: [TierCountRef], resolve: (stats) => everyTier(stats.by_tier) }),
    totalAmountCents: t.field({ type: 'Cents', resolve: (stats) => stats.total_amount_cents }),
    totalAmountDisplay: t.exposeString('total_amount_display'),
    recoveredAmountCents: t.field({ type: 'Cents', resolve: (stats) => stats.recovered_amount_cents }),
    openAmountCents: t.field({ type: 'Cents', resolve: (stats) => stats.open_amount_cents }),
    aging: t.field({ type: StaleAgingRef, resolve: (stats) => stats.aging }),
  }),
});

builder.queryField('staffStats', (t) =>
  t.field({
    type: StaffStatsRef,
    extensions: cost({ base: 25 }),
    // Called through the tRPC caller, so the staff check and the numbers are those of the REST route.
    resolve: (_root, _args, context) => createCaller(context.claims).staff.stats(),
  }),
);
