import { useQuery } from '@tanstack/react-query';
import type { LatLngTuple } from 'leaflet';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { Link } from '../../../shared/router/link.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { isStale } from '../../shared/live/format-age.ts';
import { busSummary } from '../../shared/live/bus-summary.ts';
import { LiveStateLine } from '../../shared/live/live-state-line.tsx';
import { useNow } from '../../shared/live/use-now.ts';
import { useTenantBuses } from '../../shared/live/use-tenant-buses.ts';
import { BusMarkers } from '../../shared/map/bus-markers.tsx';
import { TransportMap } from '../../shared/map/transport-map.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { transportPaths } from '../../shared/transport-paths.ts';

/** Every bus of the operator on one map, live, with the route each one drives. */
export const DispatchPage = () => {
  useDocumentTitle('Live map');
  const now = useNow();
  const { query, buses, streamState } = useTenantBuses();
  const routes = useQuery(transportTrpc.operations.listRoutes.queryOptions());
  const routesOf = (busId: string) => (routes.data ?? []).filter((route) => route.bus_id === busId);
  const placed = buses.filter((bus) => bus.lat != null && bus.lng != null);
  const points: LatLngTuple[] = placed.map((bus) => [bus.lat ?? 0, bus.lng ?? 0]);

  return (
    <>
      <PageHeader eyebrow="Operator console" title="Live map" lead="Every bus where it last reported: the arrow points where it is heading; grey means no report for 15 minutes." />
      <QueryView query={query} loadingLabel="Loading buses…" errorTitle="The buses could not be loaded">
        {() =>
          buses.length === 0 ? (
            <EmptyState title="No buses yet">
              <p>
                Buses appear here once their tracker reports, or once you <Link to={transportPaths.buses}>add them</Link>.
              </p>
            </EmptyState>
          ) : (
            <div className="stack">
              <section className="card map-card" aria-labelledby="dispatch-map-title">
                <div className="map-card__head">
                  <h2 className="card__title" id="dispatch-map-title">
                    {placed.length} of {buses.length} {buses.length === 1 ? 'bus' : 'buses'} on the map
                  </h2>
                  <LiveStateLine state={streamState} />
                </div>
                <TransportMap label="Map of every bus" points={points} fitKey={`buses:${placed.length}`}>
                  <BusMarkers buses={placed} now={now} nameOf={(bus) => `Bus ${bus.id}`} />
                </TransportMap>
              </section>
              <section className="card card--flush" aria-labelledby="dispatch-list-title">
                <h2 className="card__title card__title--padded" id="dispatch-list-title">
                  Buses
                </h2>
                <ul className="dispatch-list">
                  {buses.map((bus) => (
                    <li key={bus.id} className="dispatch-list__item" aria-label={`Bus ${bus.id}`}>
                      <span className={`dispatch-list__dot${isStale(bus.last_update, now) ? ' dispatch-list__dot--stale' : ''}`} aria-hidden="true" />
                      <span className="dispatch-list__id">{bus.id}</span>
                      <span className="dispatch-list__routes">
                        {routesOf(bus.id).length === 0
                          ? 'No route'
                          : routesOf(bus.id).map((route, index) => (
                              <span key={route.id}>
                                {index > 0 ? ', ' : ''}
                                <Link to={transportPaths.route(route.id)}>{route.name}</Link>
                              </span>
                            ))}
                      </span>
                      <span className="dispatch-list__facts">
                        {bus.lat == null ? 'No position yet' : busSummary(bus, now)}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            </div>
          )
        }
      </QueryView>
    </>
  );
};
