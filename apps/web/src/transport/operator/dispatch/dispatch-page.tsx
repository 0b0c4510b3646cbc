import { useQueries, useQuery } from '@tanstack/react-query';
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
import { RouteLine } from '../../shared/map/route-line.tsx';
import { placedStops, StopMarkers, stopPoints } from '../../shared/map/stop-markers.tsx';
import { TransportMap } from '../../shared/map/transport-map.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { transportPaths } from '../../shared/transport-paths.ts';

/** Distinct line colours, dark enough against the map's background, taken in turn by the active routes. */
const ROUTE_COLORS = ['#1e3a8a', '#9d174d', '#166534', '#7c2d12', '#5b21b6', '#0e7490'] as const;

/** The active routes with their placed stops, each with its own colour. */
const useActiveRouteLines = (routes: readonly { id: string; status: string; stops: number }[]) => {
  const details = useQueries({
    queries: routes
      .filter((route) => route.status === 'active' && route.stops > 0)
      .map((route) => transportTrpc.operations.getRoute.queryOptions({ route_id: route.id })),
  });

  return details
    .flatMap((query) => (query.data ? [query.data] : []))
    .map((route, index) => ({
      id: route.id,
      name: route.name,
      color: ROUTE_COLORS[index % ROUTE_COLORS.length] ?? '#1e3a8a',
      stops: placedStops(route.stops),
    }))
    .filter((route) => route.stops.length > 0);
};

/** Every bus of the operator on one map, live, with the route each one drives: its line and stops. */
export const DispatchPage = () => {
  useDocumentTitle('Live map');
  const now = useNow();
  const { query, buses, streamState } = useTenantBuses();
  const routes = useQuery(transportTrpc.operations.listRoutes.queryOptions());
  const routesOf = (busId: string) => (routes.data ?? []).filter((route) => route.bus_id === busId);
  const placed = buses.filter((bus) => bus.lat != null && bus.lng != null);
  const lines = useActiveRouteLines(routes.data ?? []);
  const points: LatLngTuple[] = [
    ...placed.map((bus): LatLngTuple => [bus.lat ?? 0, bus.lng ?? 0]),
    ...lines.flatMap((line) => stopPoints(line.stops)),
  ];

  return (
    <>
      <PageHeader
        eyebrow="Operator console"
        title="Live map"
        lead="Every bus where it last reported: the arrow points where it is heading; grey means no report for 15 minutes."
      />
      <QueryView query={query} loadingLabel="Loading buses…" errorTitle="The buses could not be loaded">
        {() =>
          buses.length === 0 && lines.length === 0 ? (
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
                <TransportMap label="Map of every bus" points={points} fitKey={`buses:${placed.length}:routes:${lines.length}`}>
                  {lines.map((line) => (
                    <RouteLine key={`line-${line.id}`} points={stopPoints(line.stops)} color={line.color} />
                  ))}
                  {lines.map((line) => (
                    <StopMarkers key={`stops-${line.id}`} stops={line.stops} prefix={`${line.name}, stop `} quiet />
                  ))}
                  <BusMarkers buses={placed} now={now} nameOf={(bus) => `Bus ${bus.id}`} />
                </TransportMap>
                {lines.length > 0 ? (
                  <ul className="route-legend" aria-label="Routes on the map">
                    {lines.map((line) => (
                      <li key={line.id} className="route-legend__item">
                        <span className="route-legend__swatch" style={{ background: line.color }} aria-hidden="true" />
                        <Link to={transportPaths.route(line.id)}>{line.name}</Link>
                        <span className="muted">
                          {' '}
                          · {line.stops.length} {line.stops.length === 1 ? 'stop' : 'stops'}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </section>
              <section className="card card--flush" aria-labelledby="dispatch-list-title">
                <h2 className="card__title card__title--padded" id="dispatch-list-title">
                  Buses
                </h2>
                <ul className="dispatch-list">
                  {buses.map((bus) => (
                    <li key={bus.id} className="dispatch-list__item" aria-label={`Bus ${bus.id}`}>
                      <span
                        className={`dispatch-list__dot${isStale(bus.last_update, now) ? ' dispatch-list__dot--stale' : ''}`}
                        aria-hidden="true"
                      />
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
                      <span className="dispatch-list__facts">{bus.lat == null ? 'No position yet' : busSummary(bus, now)}</span>
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
