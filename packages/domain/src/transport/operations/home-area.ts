import { z } from 'zod';
import { latitude, longitude } from './schemas.ts';
import type { SearchArea } from './geocode.ts';

/**
 * Where a tenant's maps open (docs/transport.md, "Home area"): set on the settings page, or else
 * taken from the stops the tenant has placed. With neither, maps open on the whole world and say
 * so; never on another operator's or the demo's town.
 */
export type HomeArea = { lat: number; lng: number; zoom: number };
export type HomeAreaAnswer = HomeArea & { source: 'set' | 'stops' };

export const HOME_ZOOM = { min: 3, max: 17 } as const;

export const homeAreaInput = z.strictObject({
  lat: latitude,
  lng: longitude,
  zoom: z.int().min(HOME_ZOOM.min).max(HOME_ZOOM.max),
});
/** `null` forgets the setting: maps go back to opening on the stops. */
export const homeAreaSettingsInput = z.strictObject({ home_area: homeAreaInput.nullable() });

/** The zoom at which a span of `degrees` fills a map a few hundred pixels wide. */
const zoomForSpan = (degrees: number): number => {
  if (degrees <= 0) {
    return 14;
  }
  const zoom = Math.floor(Math.log2(360 / degrees)) - 1;

  return Math.min(14, Math.max(HOME_ZOOM.min, zoom));
};

/** The middle of the points' box at a zoom that shows all of them; null without points. */
export const homeAreaOfPoints = (points: readonly { lat: number; lng: number }[]): HomeArea | null => {
  if (points.length === 0) {
    return null;
  }
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  const [south, north, west, east] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];

  return { lat: (south + north) / 2, lng: (west + east) / 2, zoom: zoomForSpan(Math.max(north - south, east - west)) };
};

/** The setting wins over the stops; null when there is neither. */
export const tenantHomeArea = (set: HomeArea | null, stops: readonly { lat: number; lng: number }[]): HomeAreaAnswer | null => {
  if (set !== null) {
    return { ...set, source: 'set' };
  }
  const derived = homeAreaOfPoints(stops);

  return derived === null ? null : { ...derived, source: 'stops' };
};

/** About 30 km around the home area: address search prefers results there (and still finds others). */
export const searchAreaOf = (home: HomeArea | null): SearchArea | null =>
  home === null
    ? null
    : {
        west: Math.max(-180, home.lng - 0.3),
        south: Math.max(-90, home.lat - 0.3),
        east: Math.min(180, home.lng + 0.3),
        north: Math.min(90, home.lat + 0.3),
      };
