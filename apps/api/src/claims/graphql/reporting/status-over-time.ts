import { readStatusCountsAt } from '@switchyard/db/claims/reporting-reads';
import { builder, cost } from '../builder.ts';
import { GRAPHQL_LIMITS } from '../limits.ts';
import { utcDayStart } from '../types/claim-filter.ts';
import { everyStatus, StatusCountRef, type StatusCount } from './counts.ts';
import { formatDay, periodsCovering, REPORT_INTERVALS, type ReportInterval } from './periods.ts';

const ReportIntervalEnum = builder.enumType('ReportInterval', { values: REPORT_INTERVALS });

type StatusSnapshot = { start: Date; end: Date; asOf: Date; counts: StatusCount[] };

const StatusSnapshotRef = builder.objectRef<StatusSnapshot>('StatusSnapshot').implement({
  description: 'The claims that existed at the close of one period, by the status each had at that moment.',
  fields: (t) => ({
    periodStart: t.field({ type: 'Date', resolve: (snapshot) => formatDay(snapshot.start) }),
    periodEnd: t.field({
      type: 'Date',
      description: 'Exclusive: the first day of the next period.',
      resolve: (snapshot) => formatDay(snapshot.end),
    }),
    asOf: t.field({
      type: 'DateTime',
      description: 'The moment counted: the end of the period, or now for a period still running.',
      resolve: (snapshot) => snapshot.asOf,
    }),
    total: t.int({ resolve: (snapshot) => snapshot.counts.reduce((sum, row) => sum + row.count, 0) }),
    counts: t.field({ type: [StatusCountRef], resolve: (snapshot) => snapshot.counts }),
  }),
});

builder.queryField('claimsByStatusOverTime', (t) =>
  t.field({
    type: [StatusSnapshotRef],
    description: `One snapshot per day, week (Monday to Sunday) or month covering from..to (UTC, both inclusive); at most ${GRAPHQL_LIMITS.maxSeriesPoints}. Past statuses come from the audit trail's status changes.`,
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      interval: t.arg({ type: ReportIntervalEnum, required: false, defaultValue: 'MONTH' }),
    },
    extensions: cost({ base: 50 }),
    resolve: async (_root, args, context) => {
      const interval: ReportInterval = args.interval ?? 'MONTH';
      const periods = periodsCovering(utcDayStart(args.from), utcDayStart(args.to), interval, GRAPHQL_LIMITS.maxSeriesPoints);
      const instants = periods.map((period) => new Date(Math.min(period.end.getTime(), context.now.getTime())));
      const rows = await readStatusCountsAt(context.em, instants);

      return periods.map((period, index) => {
        const counts: Record<string, number> = {};
        for (const row of rows) {
          if (row.point === index) {
            counts[row.status] = row.claim_count;
          }
        }
        const asOf = instants[index] ?? period.end;

        return { ...period, asOf, counts: everyStatus(counts) };
      });
    },
  }),
);
