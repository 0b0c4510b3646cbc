import { useMemo, useState } from 'react';
import { Marker, Tooltip, useMapEvents } from 'react-leaflet';
import { formatAge, isStale } from '../live/format-age.ts';
import { busSummary } from '../live/bus-summary.ts';
import type { BusPosition } from '../live/bus-position.ts';
import { busIcon } from './map-icons.ts';

type LabelLength = 'full' | 'short';

/** Below this map width a full label ("Bus B-12 · 22 km/h · heading 180° · just now") would be cut by the map's edge. */
const FULL_LABEL_MIN_WIDTH = 480;

const BusMarker = ({
  bus,
  now,
  name,
  full,
}: {
  bus: BusPosition & { lat: number; lng: number };
  now: number;
  name: string;
  full: boolean;
}) => {
  const stale = isStale(bus.last_update, now);
  const summary = busSummary(bus, now);
  const icon = useMemo(
    () => busIcon({ id: bus.id, heading: bus.heading, stale, label: `${name}: ${summary}` }),
    [bus.id, bus.heading, stale, name, summary],
  );

  return (
    <Marker position={[bus.lat, bus.lng]} icon={icon} keyboard zIndexOffset={1000}>
      {/* Above the arrow, so it does not sit on the stop labels beside their markers. */}
      <Tooltip permanent direction="top" className="map-label map-label--bus">
        {name} · {full ? summary : formatAge(bus.last_update, now)}
      </Tooltip>
    </Marker>
  );
};

type BusMarkersProps = { buses: readonly BusPosition[]; now: number; nameOf?: (bus: BusPosition) => string; label?: LabelLength };

/**
 * Each bus with a position: an arrow to its heading, its speed and how old the position is. A
 * small or narrow map labels it with its age only; the marker's accessible name says all.
 */
export const BusMarkers = ({ buses, now, nameOf = (bus) => `Bus ${bus.id}`, label = 'full' }: BusMarkersProps) => {
  const map = useMapEvents({ resize: () => setWidth(map.getSize().x) });
  const [width, setWidth] = useState(() => map.getSize().x);
  const full = label === 'full' && width >= FULL_LABEL_MIN_WIDTH;

  return (
    <>
      {buses.map((bus) =>
        bus.lat != null && bus.lng != null ? (
          <BusMarker key={bus.id} bus={{ ...bus, lat: bus.lat, lng: bus.lng }} now={now} name={nameOf(bus)} full={full} />
        ) : null,
      )}
    </>
  );
};
