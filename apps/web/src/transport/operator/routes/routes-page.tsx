import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { useRemote } from '../../../shared/remote/use-remote.ts';
import { Link } from '../../../shared/router/link.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { RemoteView } from '../../../shared/ui/remote-view.tsx';
import { StateBadge } from '../../shared/state-badge.tsx';
import { transportClient } from '../../shared/transport-client.ts';
import { routeModeLabel } from '../../shared/route-mode-label.ts';
import { transportPaths } from '../../shared/transport-paths.ts';
import { TableFrame } from '../../../shared/ui/table-frame.tsx';

export const RoutesPage = () => {
  useDocumentTitle('Routes');
  const { state } = useRemote(() => transportClient.operations.listRoutes.query(), []);

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
      <RemoteView state={state} loadingLabel="Loading routes…">
        {(routes) =>
          routes.length === 0 ? (
            <EmptyState title="No routes yet">
              <p>
                <Link to={transportPaths.newRoute}>Plan the first route</Link> with its stops.
              </p>
            </EmptyState>
          ) : (
            <TableFrame label="Routes" columns={['Route', 'Runs', 'Status', 'Bus', 'Driver', { label: 'Stops', numeric: true }]}>
              {routes.map((route) => (
                <tr key={route.id}>
                  <th scope="row">
                    <Link to={transportPaths.route(route.id)}>{route.name}</Link>
                    <span className="table__sub">{route.id}</span>
                  </th>
                  <td>{routeModeLabel(route.mode)}</td>
                  <td>
                    <StateBadge state={route.status} />
                  </td>
                  <td>{route.bus_id ?? '—'}</td>
                  <td>{route.driver ?? '—'}</td>
                  <td className="table__num">{route.stops}</td>
                </tr>
              ))}
            </TableFrame>
          )
        }
      </RemoteView>
    </>
  );
};
