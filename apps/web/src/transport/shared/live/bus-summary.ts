import type { BusPosition } from './bus-position.ts';
import { formatAge } from './format-age.ts';

/**
 * "22 km/h · heading 180° · 2 min ago": what a dispatcher reads about a bus, without coordinates.
 * Speeds are km/h, as trackers report them and the arrival estimates read them (docs/transport.md).
 */
export const busSummary = (bus: BusPosition, now: number): string =>
  [
    bus.speed != null ? `${Math.round(bus.speed)} km/h` : null,
    bus.heading != null ? `heading ${Math.round(bus.heading)}°` : null,
    formatAge(bus.last_update, now),
  ]
    .filter(Boolean)
    .join(' · ');
