import type { LatLngTuple } from 'leaflet';
import { useMemo } from 'react';
import { Marker, Tooltip } from 'react-leaflet';
import { stopIcon } from './map-icons.ts';

export type MapStop = { position: number; name: string; time: string | null; lat: number; lng: number };

const labelOf = (stop: MapStop) => `${stop.position}. ${stop.name}${stop.time ? ` · ${stop.time}` : ''}`;

const StopMarker = ({ stop, draft, onMove }: { stop: MapStop; draft: boolean; onMove?: (position: number, lat: number, lng: number) => void }) => {
  const label = labelOf(stop);
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
      <Tooltip permanent direction="right" className="map-label">
        {label}
      </Tooltip>
    </Marker>
  );
};

/** Numbered stops with their names (and times) beside them; draggable when `onMove` is given. */
export const StopMarkers = ({ stops, draft = false, onMove }: { stops: readonly MapStop[]; draft?: boolean; onMove?: (position: number, lat: number, lng: number) => void }) => (
  <>
    {stops.map((stop) => (
      <StopMarker key={stop.position} stop={stop} draft={draft} onMove={onMove} />
    ))}
  </>
);

export const stopPoints = (stops: readonly MapStop[]): LatLngTuple[] => stops.map((stop) => [stop.lat, stop.lng]);

/** Stops that have both coordinates, numbered by their place on the route. */
export const placedStops = (stops: readonly { position: number; name: string; time: string | null; lat: number | null; lng: number | null }[]): MapStop[] =>
  stops.flatMap((stop) => (stop.lat != null && stop.lng != null ? [{ position: stop.position, name: stop.name, time: stop.time, lat: stop.lat, lng: stop.lng }] : []));
