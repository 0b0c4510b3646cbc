import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { Link } from '../../../shared/router/link.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { StateBadge } from '../../shared/state-badge.tsx';
import { transportTrpc, type TransportOutputs } from '../../shared/transport-client.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { routeModeLabel } from '../../shared/route-mode-label.ts';
import { transportPaths } from '../../shared/transport-paths.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table.tsx';

type Route = TransportOutputs['operations']['listRoutes'][number];

const COLUMNS: readonly DataColumn<Route>[] = [
  {
    label: 'Route',
    isRowHeader: true,
    cell: (route) => (
      <>
        <Link to={transportPaths.route(route.id)}>{route.name}</Link>
        <span className="table__sub">{route.id}</span>
      </>
    ),
  },
  { label: 'Runs', cell: (route) => routeModeLabel(route.mode) },
  { label: 'Status', cell: (route) => <StateBadge state={route.status} /> },
  { label: 'Bus', cell: (route) => route.bus_id ?? '—' },
  { label: 'Driver', cell: (route) => route.driver ?? '—' },
  { label: 'Stops', numeric: true, cell: (route) => route.stops },
];

export const RoutesPage = () => {
  useDocumentTitle('Routes');
  const routes = useQuery(transportTrpc.operations.listRoutes.queryOptions());

  return (
    <>
      <PageHeader
        eyebrow="Operator console"
        title="Routes"
        actions={
          <Link className="button button--primary" to={transportPaths.newRoute}>
            New route
          </Link>
        }
      />
      <QueryView query={routes} loadingLabel="Loading routes…" errorTitle="The routes could not be loaded">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState title="No routes yet">
              <p>
                <Link to={transportPaths.newRoute}>Plan the first route</Link> with its stops.
              </p>
            </EmptyState>
          ) : (
            <DataTable label="Routes" columns={COLUMNS} rows={rows} rowKey={(route) => route.id} />
          )
        }
      </QueryView>
    </>
  );
};
