import { formatCents } from '@switchyard/domain/money';
import type { ClaimTier } from '@switchyard/domain/claims/vocabulary';
import { useQuery } from '@tanstack/react-query';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import type { ClaimsOutputs } from '../../shared/claims-client.ts';
import { claimFiltersHref, NO_FILTERS } from '../claim-list/claim-filters.ts';
import { staffTrpc } from '../staff-client.ts';
import { TrendChart } from './trend-chart.tsx';

type Trends = ClaimsOutputs['staff']['trends'];

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const monthHref = (row: Trends['months'][number]) =>
  claimFiltersHref({ ...NO_FILTERS, createdFrom: row.first_day, createdTo: row.last_day });
const tierHref = (tier: string) => claimFiltersHref({ ...NO_FILTERS, tier: tier as ClaimTier });

const Charts = ({ trends }: { trends: Trends }) => (
  <div className="stats__charts">
    <section className="card">
      <TrendChart
        title="Claims received per month"
        tick={(value) => String(value)}
        points={trends.months.map((row) => ({
          key: row.month,
          label: monthLabel(row.month),
          value: row.claim_count,
          figure: plural(row.claim_count, 'claim'),
          link: monthHref(row),
        }))}
      />
    </section>
    <section className="card">
      <TrendChart
        title="Recovered per month of intake"
        color="#067647"
        tick={(value) => compactDollars.format(value)}
        points={trends.months.map((row) => ({
          key: row.month,
          label: monthLabel(row.month),
          value: row.recovered_amount_cents / 100,
          figure: `${formatCents(row.recovered_amount_cents)} of ${formatCents(row.amount_cents)}`,
          link: monthHref(row),
        }))}
      />
    </section>
    <section className="card">
      <TrendChart
        title="Open claims by age"
        color="#a15c07"
        tick={(value) => String(value)}
        points={trends.aging.map((row) => ({
          key: row.key,
          label: row.label,
          value: row.claim_count,
          figure: `${plural(row.claim_count, 'claim')}, ${formatCents(row.amount_cents)}`,
        }))}
      />
    </section>
    <section className="card">
      <TrendChart
        title="Recovery rate by tier"
        share
        color="#175cd3"
        tick={(value) => percent.format(value)}
        points={trends.tiers.map((row) => ({
          key: row.tier,
          label: row.tier_label,
          value: row.amount_rate ?? 0,
          figure:
            row.amount_rate === null
              ? 'No claims'
              : `${percent.format(row.amount_rate)} (${formatCents(row.recovered_amount_cents)} of ${formatCents(row.amount_cents)})`,
          link: tierHref(row.tier),
        }))}
      />
    </section>
  </div>
);

/** Twelve months of intake and recovery, the open claims' ages and each tier's recovery. */
export const TrendCharts = () => {
  const trends = useQuery(staffTrpc.staff.trends.queryOptions());

  return (
    <QueryView query={trends} loadingLabel="Loading trends…" errorTitle="The trends could not be loaded">
      {(result) => <Charts trends={result} />}
    </QueryView>
  );
};
