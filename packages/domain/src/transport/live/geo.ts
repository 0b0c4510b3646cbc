/** A point on the map in degrees. */
export type LatLng = { lat: number; lng: number };

const EARTH_RADIUS_M = 6_371_000;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine): exact enough for stops a few kilometres apart. */
export const distanceMetres = (a: LatLng, b: LatLng): number => {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;

  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
};

/**
 * Where a point falls along a polyline, as metres from its start: the point is projected on the
 * nearest segment (a flat projection around the segment, fine at the scale of a bus route).
 * A polyline of one point answers 0; an empty one answers null.
 */
export const alongPolyline = (points: readonly LatLng[], point: LatLng): { along: number; offRoute: number } | null => {
  const first = points[0];
  if (!first) {
    return null;
  }
  let best = { along: 0, offRoute: distanceMetres(first, point) };
  let travelled = 0;
  for (let index = 1; index < points.length; index += 1) {
    const a = points[index - 1] as LatLng;
    const b = points[index] as LatLng;
    const length = distanceMetres(a, b);
    const scale = Math.cos(rad((a.lat + b.lat) / 2));
    const bx = (b.lng - a.lng) * scale;
    const by = b.lat - a.lat;
    const px = (point.lng - a.lng) * scale;
    const py = point.lat - a.lat;
    const lengthSquared = bx * bx + by * by;
    const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, (px * bx + py * by) / lengthSquared));
    const foot = { lat: a.lat + t * (b.lat - a.lat), lng: a.lng + t * (b.lng - a.lng) };
    const offRoute = distanceMetres(foot, point);
    if (offRoute < best.offRoute) {
      best = { along: travelled + t * length, offRoute };
    }
    travelled += length;
  }

  return best;
};
