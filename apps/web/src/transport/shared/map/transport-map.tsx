import 'leaflet/dist/leaflet.css';
import './map.css';
import { latLngBounds, type LatLngTuple, type Map as LeafletMap } from 'leaflet';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AttributionControl, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useMapSettings } from './map-settings.ts';
import { useHomeArea } from './home-area.ts';

/** The whole world: a tenant with no home area and nothing on the map sees no other town. */
const WORLD_CENTER: LatLngTuple = [20, 0];
const WORLD_ZOOM = 2;

type TransportMapProps = {
  /** What the map is of, for screen readers ("Map of North Loop"). */
  label: string;
  /** Points the first view takes in; `fitKey` changing fits them again. */
  points: readonly LatLngTuple[];
  fitKey?: string;
  size?: 'large' | 'small';
  children?: ReactNode;
};

const fitView = (map: LeafletMap, points: readonly LatLngTuple[]) => {
  if (points.length === 1 && points[0]) {
    map.setView(points[0], 15, { animate: false });
  } else if (points.length > 1) {
    // Stop labels sit to the right of their markers and bus labels centred above theirs: room on
    // those sides, so the map's edge does not cut them.
    const right = Math.round(Math.min(170, Math.max(48, map.getSize().x / 3)));
    map.fitBounds(latLngBounds(points.map((point) => [...point] as LatLngTuple)), {
      paddingTopLeft: [72, 56],
      paddingBottomRight: [right, 40],
      maxZoom: 16,
      animate: false,
    });
  }
};

/**
 * Fits the view around the points once per `fitKey`, not on every bus that moves; and again when
 * the map changes size (a phone turned), unless the person has moved or zoomed it themselves.
 */
const FitPoints = ({ points, fitKey }: { points: readonly LatLngTuple[]; fitKey: string }) => {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  const latest = useRef(points);
  const touched = useRef(false);
  useEffect(() => {
    latest.current = points;
    if (points.length === 0 || fitted.current === fitKey) {
      return;
    }
    fitted.current = fitKey;
    fitView(map, points);
  }, [map, points, fitKey]);
  useEffect(() => {
    const container = map.getContainer();
    const touch = () => {
      touched.current = true;
    };
    const refit = () => {
      if (!touched.current) {
        fitView(map, latest.current);
      }
    };
    const events = ['pointerdown', 'wheel', 'keydown'] as const;
    events.forEach((name) => container.addEventListener(name, touch, { passive: true }));
    map.on('resize', refit);

    return () => {
      events.forEach((name) => container.removeEventListener(name, touch));
      map.off('resize', refit);
    };
  }, [map]);

  return null;
};

/**
 * With nothing to show, the map opens on the tenant's home area once it is known (the answer comes
 * after the map is drawn), unless the person has moved the map meanwhile.
 */
const OpenAtHome = ({ home, hasPoints }: { home: { lat: number; lng: number; zoom: number } | null | undefined; hasPoints: boolean }) => {
  const map = useMap();
  const opened = useRef(false);
  useEffect(() => {
    if (!home || hasPoints || opened.current) {
      return;
    }
    opened.current = true;
    map.setView([home.lat, home.lng], home.zoom, { animate: false });
  }, [map, home, hasPoints]);

  return null;
};

/** The mouse wheel scrolls the page until the map is clicked or focused, so the map never traps it. */
const WheelZoomWhenChosen = () => {
  const map = useMapEvents({
    click: () => map.scrollWheelZoom.enable(),
    mouseout: () => map.scrollWheelZoom.disable(),
  });
  useEffect(() => {
    const container = map.getContainer();
    const enable = () => map.scrollWheelZoom.enable();
    const disable = () => map.scrollWheelZoom.disable();
    container.addEventListener('focus', enable);
    container.addEventListener('blur', disable);

    return () => {
      container.removeEventListener('focus', enable);
      container.removeEventListener('blur', disable);
    };
  }, [map]);

  return null;
};

const isTouchScreen = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

/**
 * A Leaflet map with the operator's tiles (MAP_TILE_URL) under the app's own markers and lines.
 * Without tiles (none configured, offline, blocked) it still draws everything on a plain
 * background and says so once. On a touch screen one finger scrolls the page and two move the map.
 */
export const TransportMap = ({ label, points, fitKey = 'first', size = 'large', children }: TransportMapProps) => {
  const settings = useMapSettings();
  const home = useHomeArea();
  const [tilesFailed, setTilesFailed] = useState(false);
  const [touch] = useState(isTouchScreen);

  return (
    <div className={`transport-map transport-map--${size}`} role="region" aria-label={label}>
      <MapContainer
        className="transport-map__canvas"
        center={points[0] ? [...points[0]] : home ? [home.lat, home.lng] : WORLD_CENTER}
        zoom={points[0] ? 13 : home ? home.zoom : WORLD_ZOOM}
        scrollWheelZoom={false}
        // Leaflet 1.9 finishes a zoom animation on a timer that fails ("_leaflet_pos") when the page
        // has left the map meanwhile; zooming in one step avoids it and is lighter on phones.
        zoomAnimation={false}
        dragging={!touch}
        attributionControl={false}
      >
        {settings?.tile_url ? (
          <TileLayer
            url={settings.tile_url}
            attribution={settings.attribution}
            eventHandlers={{ tileerror: () => setTilesFailed(true), tileload: () => setTilesFailed(false) }}
          />
        ) : null}
        <AttributionControl prefix={false} />
        <FitPoints points={points} fitKey={fitKey} />
        <OpenAtHome home={home} hasPoints={points.length > 0} />
        <WheelZoomWhenChosen />
        {children}
      </MapContainer>
      {tilesFailed || settings?.tile_url === null ? (
        <p className="transport-map__note">Map background unavailable: stops and buses are still shown.</p>
      ) : null}
      {points.length === 0 && home === null ? (
        <p className="transport-map__note">No home area yet: set one in Settings, or place a stop, and maps open there.</p>
      ) : null}
      {touch ? <p className="transport-map__note">Use two fingers to move the map.</p> : null}
    </div>
  );
};
