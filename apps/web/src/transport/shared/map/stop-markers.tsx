import type { LatLngTuple } from 'leaflet';
import { useMemo } from 'react';
import { Marker, Tooltip } from 'react-leaflet';
import { stopIcon } from './map-icons.ts';

export type MapStop = { position: number; name: string; time: string | null; lat: number; lng: number };

const labelOf = (stop: MapStop, prefix: string) => `${prefix}${stop.position}. ${stop.name}${stop.time ? ` · ${stop.time}` : ''}`;

type StopMarkerOptions = {
  draft: boolean;
  onMove?: (position: number, lat: number, lng: number) => void;
  prefix?: string;
  quiet?: boolean;
};

const StopMarker = ({ stop, draft, onMove, prefix = '', quiet = false }: StopMarkerOptions & { stop: MapStop }) => {
  const label = labelOf(stop, prefix);
  const icon = useMemo(() => stopIcon(stop.position, `Stop ${label}`, { draft }), [stop.position, label, draft]);

  return (
    <Marker
      position={[stop.lat, stop.lng]}
      icon={icon}
      draggable={Boolean(onMove)}
      keyboard
      eventHandlers={
        onMove
          ? {
              dragend: (event) => {
                const { lat, lng } = (event.target as { getLatLng: () => { lat: number; lng: number } }).getLatLng();
                onMove(stop.position, lat, lng);
              },
            }
          : {}
      }
    >
      <Tooltip permanent={!quiet} direction="right" className="map-label">
        {label}
      </Tooltip>
    </Marker>
  );
};

/**
 * Numbered stops with their names (and times) beside them; draggable when `onMove` is given. With
 * several routes on one map, `quiet` shows a stop's name (after `prefix`, the route's) only on hover
 * or focus, so the labels do not cover each other.
 */
export const StopMarkers = ({
  stops,
  draft = false,
  onMove,
  prefix,
  quiet,
}: Partial<StopMarkerOptions> & { stops: readonly MapStop[] }) => (
  <>
    {stops.map((stop) => (
      <StopMarker key={stop.position} stop={stop} draft={draft} onMove={onMove} prefix={prefix} quiet={quiet} />
    ))}
  </>
);

export const stopPoints = (stops: readonly MapStop[]): LatLngTuple[] => stops.map((stop) => [stop.lat, stop.lng]);

/** Stops that have both coordinates, numbered by their place on the route. */
export const placedStops = (
  stops: readonly { position: number; name: string; time: string | null; lat: number | null; lng: number | null }[],
): MapStop[] =>
  stops.flatMap((stop) =>
    stop.lat != null && stop.lng != null
      ? [{ position: stop.position, name: stop.name, time: stop.time, lat: stop.lat, lng: stop.lng }]
      : [],
  );
