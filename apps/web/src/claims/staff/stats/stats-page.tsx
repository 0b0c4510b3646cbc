import { formatCents } from '@switchyard/domain/money';
import { CLAIM_STATUSES, CLAIM_TIERS, STATUS_LABELS, TIER_LABELS } from '@switchyard/domain/claims/vocabulary';
import { useQuery } from '@tanstack/react-query';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { Link } from '../../../shared/router/link.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { staffTrpc } from '../staff-client.ts';
import { claimFiltersHref, NO_FILTERS } from '../claim-list/claim-filters.ts';
import { BarChart } from './bar-chart.tsx';
import { TrendCharts } from './trend-charts.tsx';

const Metric = ({ label, value, note }: { label: string; value: string; note?: string }) => (
  <div className="metric">
    <p className="metric__label">{label}</p>
    <p className="metric__value">{value}</p>
    {note ? <p className="metric__note">{note}</p> : null}
  </div>
);

export const StatsPage = () => {
  useDocumentTitle('Statistics');
  const stats = useQuery(staffTrpc.staff.stats.queryOptions());

  return (
    <>
      <header className="page-header">
        <p className="page-header__eyebrow">Staff console</p>
        <h1 className="page-header__title">Statistics</h1>
      </header>
      <QueryView query={stats} loadingLabel="Loading statistics…" errorTitle="The statistics could not be loaded">
        {(figures) => (
          <div className="stats">
            <section className="metrics" aria-label="Totals">
              <Metric label="Claims" value={String(figures.total_claims)} />
              <Metric label="Total claimed" value={figures.total_amount_display} />
              <Metric label="Recovered" value={formatCents(figures.recovered_amount_cents)} note="Settled and closed" />
              <Metric label="Open" value={formatCents(figures.open_amount_cents)} note="New to legal" />
              <Metric label="Open over 30 days" value={String(figures.aging.over_30_days)} />
              <Metric label="Open over 60 days" value={String(figures.aging.over_60_days)} />
              <div className="metric">
                <p className="metric__label">Client replied, not yet opened</p>
                <p className="metric__value">{figures.client_activity}</p>
                <p className="metric__note">
                  <Link to={claimFiltersHref({ ...NO_FILTERS, clientActivity: true })}>Show these claims</Link>
                </p>
              </div>
            </section>
            <div className="stats__charts">
              <section className="card">
                <BarChart
                  title="Claims by status"
                  bars={CLAIM_STATUSES.map((status) => ({
                    key: status,
                    label: STATUS_LABELS[status],
                    value: figures.by_status[status] ?? 0,
                    href: claimFiltersHref({ ...NO_FILTERS, status }),
                  }))}
                />
              </section>
              <section className="card">
                <BarChart
                  title="Claims by tier"
                  bars={CLAIM_TIERS.map((tier) => ({
                    key: tier,
                    label: TIER_LABELS[tier],
                    value: figures.by_tier[tier] ?? 0,
                    href: claimFiltersHref({ ...NO_FILTERS, tier }),
                  }))}
                />
              </section>
            </div>
            <TrendCharts />
          </div>
        )}
      </QueryView>
    </>
  );
};
