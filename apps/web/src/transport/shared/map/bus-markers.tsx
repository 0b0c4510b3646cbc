import { useMemo } from 'react';
import { Marker, Tooltip } from 'react-leaflet';
import { formatAge, isStale } from '../live/format-age.ts';
import type { BusPosition } from '../live/bus-position.ts';
import { busIcon } from './map-icons.ts';

export const busSummary = (bus: BusPosition, now: number): string =>
  [bus.speed != null ? `${Math.round(bus.speed)} mph` : null, bus.heading != null ? `heading ${Math.round(bus.heading)}°` : null, formatAge(bus.last_update, now)].filter(Boolean).join(' · ');

const BusMarker = ({ bus, now, name }: { bus: BusPosition & { lat: number; lng: number }; now: number; name: string }) => {
  const stale = isStale(bus.last_update, now);
  const summary = busSummary(bus, now);
  const icon = useMemo(() => busIcon({ id: bus.id, heading: bus.heading, stale, label: `${name}: ${summary}` }), [bus.id, bus.heading, stale, name, summary]);

  return (
    <Marker position={[bus.lat, bus.lng]} icon={icon} keyboard zIndexOffset={1000}>
      <Tooltip permanent direction="auto" className="map-label map-label--bus">
        {name} · {summary}
      </Tooltip>
    </Marker>
  );
};

/** Each bus with a position: an arrow to its heading, its speed and how old the position is. */
export const BusMarkers = ({ buses, now, nameOf = (bus) => `Bus ${bus.id}` }: { buses: readonly BusPosition[]; now: number; nameOf?: (bus: BusPosition) => string }) => (
  <>
    {buses.map((bus) => (bus.lat != null && bus.lng != null ? <BusMarker key={bus.id} bus={{ ...bus, lat: bus.lat, lng: bus.lng }} now={now} name={nameOf(bus)} /> : null))}
  </>
);
