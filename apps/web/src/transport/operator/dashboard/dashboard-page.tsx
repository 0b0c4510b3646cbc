import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { Link } from '../../../shared/router/link.tsx';
import { StatTile } from '../../../shared/ui/stat-tile.tsx';
import { transportSession } from '../../shared/session/transport-session.ts';
import { transportTrpc } from '../../shared/transport-client.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { transportPaths } from '../../shared/transport-paths.ts';
import { WeatherCard } from '../../shared/weather-card.tsx';
import { TenantCard } from './tenant-card.tsx';

export const DashboardPage = () => {
  useDocumentTitle('Dashboard');
  const tenant = transportSession.use()?.user.tenant_id ?? null;
  const figures = useQuery(transportTrpc.billing.dashboardStats.queryOptions());

  return (
    <>
      <PageHeader eyebrow="Operator console" title="Dashboard" />
      <QueryView query={figures} loadingLabel="Loading figures…" errorTitle="The figures could not be loaded">
        {(stats) => (
          <section className="stat-grid" aria-label="Figures">
            <StatTile label="Pending registrations" value={String(stats.pending_registrations)} />
            <StatTile label="Active buses" value={String(stats.active_buses)} note="Reported in the last 15 minutes" />
            <StatTile label="Riding children" value={String(stats.active_children)} />
            <StatTile label="Routes" value={String(stats.total_routes)} />
          </section>
        )}
      </QueryView>
      <div className="card-grid">
        {tenant ? <TenantCard slug={tenant} /> : null}
        <WeatherCard title="Weather at the depot" />
        <section className="card">
          <h2 className="card__title">Next steps</h2>
          <ul className="plain-list">
            <li>
              <Link to={transportPaths.registrations}>Review pending registrations</Link>
            </li>
            <li>
              <Link to={transportPaths.newRoute}>Plan a new route</Link>
            </li>
            <li>
              <Link to={transportPaths.billing}>Generate this week’s invoices</Link>
            </li>
          </ul>
        </section>
      </div>
    </>
  );
};
