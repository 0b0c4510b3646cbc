import { useMemo } from 'react';
import { Marker, Tooltip } from 'react-leaflet';
import { formatAge, isStale } from '../live/format-age.ts';
import { busSummary } from '../live/bus-summary.ts';
import type { BusPosition } from '../live/bus-position.ts';
import { busIcon } from './map-icons.ts';

type LabelLength = 'full' | 'short';

const BusMarker = ({ bus, now, name, label }: { bus: BusPosition & { lat: number; lng: number }; now: number; name: string; label: LabelLength }) => {
  const stale = isStale(bus.last_update, now);
  const summary = busSummary(bus, now);
  const icon = useMemo(() => busIcon({ id: bus.id, heading: bus.heading, stale, label: `${name}: ${summary}` }), [bus.id, bus.heading, stale, name, summary]);

  return (
    <Marker position={[bus.lat, bus.lng]} icon={icon} keyboard zIndexOffset={1000}>
      {/* Above the arrow, so it does not sit on the stop labels beside their markers. */}
      <Tooltip permanent direction="top" className="map-label map-label--bus">
        {name} · {label === 'full' ? summary : formatAge(bus.last_update, now)}
      </Tooltip>
    </Marker>
  );
};

type BusMarkersProps = { buses: readonly BusPosition[]; now: number; nameOf?: (bus: BusPosition) => string; label?: LabelLength };

/**
 * Each bus with a position: an arrow to its heading, its speed and how old the position is. A
 * small map labels it with its age only (`label="short"`); the marker's accessible name says all.
 */
export const BusMarkers = ({ buses, now, nameOf = (bus) => `Bus ${bus.id}`, label = 'full' }: BusMarkersProps) => (
  <>
    {buses.map((bus) => (bus.lat != null && bus.lng != null ? <BusMarker key={bus.id} bus={{ ...bus, lat: bus.lat, lng: bus.lng }} now={now} name={nameOf(bus)} label={label} /> : null))}
  </>
);
