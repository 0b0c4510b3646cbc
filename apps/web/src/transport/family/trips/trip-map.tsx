import type { LatLngTuple } from 'leaflet';
import { useMemo } from 'react';
import { Marker, Tooltip } from 'react-leaflet';
import type { BusPosition } from '../../shared/live/bus-position.ts';
import { BusMarkers } from '../../shared/map/bus-markers.tsx';
import { homeStopIcon } from '../../shared/map/map-icons.ts';
import { TransportMap } from '../../shared/map/transport-map.tsx';

type TripMapProps = {
  childName: string;
  stop: { name: string; lat: number | null; lng: number | null };
  bus: BusPosition | null;
  now: number;
};

/** The child's stop and, inside the trip window, the bus on its way: a small map on the family page. */
export const TripMap = ({ childName, stop, bus, now }: TripMapProps) => {
  const stopPoint: LatLngTuple | null = stop.lat != null && stop.lng != null ? [stop.lat, stop.lng] : null;
  const busPoint: LatLngTuple | null = bus?.lat != null && bus.lng != null ? [bus.lat, bus.lng] : null;
  const points = [stopPoint, busPoint].filter((point): point is LatLngTuple => point !== null);
  const icon = useMemo(() => homeStopIcon(`${childName}'s stop: ${stop.name}`), [childName, stop.name]);
  if (points.length === 0) {
    return null;
  }

  return (
    <TransportMap label={`Map of ${childName}'s stop and bus`} points={points} fitKey={`${points.length}`} size="small">
      {stopPoint ? (
        <Marker position={stopPoint} icon={icon} keyboard>
          <Tooltip permanent direction="right" className="map-label">
            {stop.name}
          </Tooltip>
        </Marker>
      ) : null}
      {bus ? <BusMarkers buses={[bus]} now={now} nameOf={() => 'Bus'} label="short" /> : null}
    </TransportMap>
  );
};
