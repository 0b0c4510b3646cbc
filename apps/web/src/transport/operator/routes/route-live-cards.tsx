import { useTenantBuses } from '../../shared/live/use-tenant-buses.ts';
import type { TransportOutputs } from '../../shared/transport-client.ts';
import { RouteEtaCard } from './route-eta-card.tsx';
import { RouteMapCard } from './route-map-card.tsx';

type Route = TransportOutputs['operations']['getRoute'];

/** The map and the estimates share one live stream: a new position of the route's bus moves the marker and asks for new estimates. */
export const RouteLiveCards = ({ route }: { route: Route }) => {
  const { buses, streamState } = useTenantBuses();
  const bus = route.bus_id ? buses.find((candidate) => candidate.id === route.bus_id) : undefined;

  return (
    <>
      <RouteMapCard route={route} bus={bus} streamState={streamState} />
      <RouteEtaCard route={route} busPositionAt={bus?.last_update ?? null} />
    </>
  );
};
