import type { LatLngTuple } from 'leaflet';
import { BusMarkers } from '../../shared/map/bus-markers.tsx';
import { busSummary } from '../../shared/live/bus-summary.ts';
import { RouteLine } from '../../shared/map/route-line.tsx';
import { placedStops, StopMarkers, stopPoints } from '../../shared/map/stop-markers.tsx';
import { TransportMap } from '../../shared/map/transport-map.tsx';
import { LiveStateLine } from '../../shared/live/live-state-line.tsx';
import { useNow } from '../../shared/live/use-now.ts';
import type { BusPosition } from '../../shared/live/bus-position.ts';
import type { StreamState } from '../../shared/live/event-stream.ts';
import type { TransportOutputs } from '../../shared/transport-client.ts';

type Route = TransportOutputs['operations']['getRoute'];

/** The route's stops in order, joined by a line, and its bus where it last reported. */
export const RouteMapCard = ({ route, bus, streamState }: { route: Route; bus: BusPosition | undefined; streamState: StreamState }) => {
  const now = useNow();
  const stops = placedStops(route.stops);
  const busPoint: LatLngTuple[] = bus?.lat != null && bus.lng != null ? [[bus.lat, bus.lng]] : [];
  const missing = route.stops.length - stops.length;

  return (
    <section className="card map-card" aria-labelledby="route-map-title">
      <div className="map-card__head">
        <h2 className="card__title" id="route-map-title">
          Map
        </h2>
        {route.bus_id ? <LiveStateLine state={streamState} /> : null}
      </div>
      <TransportMap
        label={`Map of ${route.name}`}
        points={[...stopPoints(stops), ...busPoint]}
        fitKey={`${route.id}:${stops.length}:${busPoint.length}`}
      >
        <RouteLine points={stopPoints(stops)} />
        <StopMarkers stops={stops} />
        {bus ? <BusMarkers buses={[bus]} now={now} /> : null}
      </TransportMap>
      <p className="muted">
        {route.bus_id
          ? bus
            ? bus.lat != null
              ? `Bus ${bus.id}: ${busSummary(bus, now)}.`
              : `Bus ${bus.id} has not reported a position yet.`
            : `Bus ${route.bus_id} has not reported yet.`
          : 'No bus is assigned to this route.'}
        {stops.length === 0 ? ' No stop has a position yet: edit the route and click the map to place them.' : ''}
        {stops.length > 0 && missing > 0
          ? ` ${missing} ${missing === 1 ? 'stop has' : 'stops have'} no position and ${missing === 1 ? 'is' : 'are'} not drawn.`
          : ''}
      </p>
    </section>
  );
};
