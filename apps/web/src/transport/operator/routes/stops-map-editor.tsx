import { useMapEvents } from 'react-leaflet';
import { RouteLine } from '../../shared/map/route-line.tsx';
import { placedStops, StopMarkers, stopPoints } from '../../shared/map/stop-markers.tsx';
import { TransportMap } from '../../shared/map/transport-map.tsx';
import { AddressSearch } from '../../shared/map/address-search.tsx';
import { emptyStop, type StopValues } from './route-values.ts';

/** Six decimals are about 10 cm: finer than any stop needs, short enough to read in the fields. */
const coordinate = (value: number) => value.toFixed(6);

const asNumber = (value: string): number | null => (value.trim() === '' || Number.isNaN(Number(value)) ? null : Number(value));

const PlaceOnClick = ({ onPlace }: { onPlace: (lat: number, lng: number) => void }) => {
  useMapEvents({ click: (event) => onPlace(event.latlng.lat, event.latlng.lng) });

  return null;
};

type StopsMapEditorProps = { stops: StopValues[]; canAdd: boolean; onChange: (stops: StopValues[]) => void };

/**
 * The stops of the form on a map: a click adds a stop there at the end (named "Stop N", renamed in
 * its row below), dragging a stop moves it; the coordinates land in the fields, where they can
 * still be typed. Nothing is saved until the form is.
 */
export const StopsMapEditor = ({ stops, canAdd, onChange }: StopsMapEditorProps) => {
  const drawn = placedStops(
    stops.map((stop, index) => ({
      position: index + 1,
      name: stop.name.trim() || `Stop ${index + 1}`,
      time: stop.time || null,
      lat: asNumber(stop.lat),
      lng: asNumber(stop.lng),
    })),
  );

  /** A found address names the stop after its first part ("Oak Street & 5th Street") and fills its address. */
  const place = (lat: number, lng: number, found?: { label: string }) => {
    const named = (number: number) =>
      found ? (found.label.split(',')[0]?.trim() ?? '').slice(0, 200) || `Stop ${number}` : `Stop ${number}`;
    const address = found ? found.label.slice(0, 500) : '';
    // An untouched blank row (the new-route form starts with one) takes the first click.
    const blank = stops.findIndex((stop) => stop.name.trim() === '' && stop.lat.trim() === '' && stop.lng.trim() === '');
    if (blank !== -1) {
      onChange(
        stops.map((stop, index) =>
          index === blank
            ? { ...stop, name: named(blank + 1), address: address || stop.address, lat: coordinate(lat), lng: coordinate(lng) }
            : stop,
        ),
      );

      return;
    }
    if (canAdd) {
      onChange([...stops, { ...emptyStop(), name: named(stops.length + 1), address, lat: coordinate(lat), lng: coordinate(lng) }]);
    }
  };

  const move = (position: number, lat: number, lng: number) =>
    onChange(stops.map((stop, index) => (index === position - 1 ? { ...stop, lat: coordinate(lat), lng: coordinate(lng) } : stop)));

  return (
    <div className="stops-map-editor">
      <p className="muted" id="stops-map-help">
        Find an address or click the map to add a stop at the end of the route; drag a numbered stop to move it. Names, times and exact
        coordinates go in the rows below. Save the route to keep the changes.
      </p>
      <AddressSearch id="stop-address-search" chooseLabel="Drop a stop here" onChoose={(found) => place(found.lat, found.lng, found)} />
      <TransportMap label="Map of the route's stops (editing)" points={stopPoints(drawn)} fitKey={drawn.length > 0 ? 'stops' : 'none'}>
        <RouteLine points={stopPoints(drawn)} draft />
        <StopMarkers stops={drawn} draft onMove={move} />
        <PlaceOnClick onPlace={place} />
      </TransportMap>
    </div>
  );
};
