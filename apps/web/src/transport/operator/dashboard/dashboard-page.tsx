import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { useRemote } from '../../../shared/remote/use-remote.ts';
import { Link } from '../../../shared/router/link.tsx';
import { RemoteView } from '../../../shared/ui/remote-view.tsx';
import { StatTile } from '../../../shared/ui/stat-tile.tsx';
import { transportSession } from '../../shared/session/transport-session.ts';
import { transportClient } from '../../shared/transport-client.ts';
import { transportPaths } from '../../shared/transport-paths.ts';
import { WeatherCard } from '../../shared/weather-card.tsx';
import { TenantCard } from './tenant-card.tsx';

export const DashboardPage = () => {
  useDocumentTitle('Dashboard');
  const tenant = transportSession.use()?.user.tenant_id ?? null;
  const { state } = useRemote(() => transportClient.billing.dashboardStats.query(), []);

  return (
    <>
      <PageHeader eyebrow="Operator console" title="Dashboard" />
      <RemoteView state={state} loadingLabel="Loading figures…">
        {(stats) => (
          <section className="stat-grid" aria-label="Figures">
            <StatTile label="Pending registrations" value={String(stats.pending_registrations)} />
            <StatTile label="Active buses" value={String(stats.active_buses)} note="Reported in the last 15 minutes" />
            <StatTile label="Riding children" value={String(stats.active_children)} />
            <StatTile label="Routes" value={String(stats.total_routes)} />
          </section>
        )}
      </RemoteView>
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
