import type { BusPosition } from './bus-position.ts';
import { formatAge } from './format-age.ts';

/** "22 mph · heading 180° · 2 min ago": what a dispatcher reads about a bus, without coordinates. */
export const busSummary = (bus: BusPosition, now: number): string =>
  [bus.speed != null ? `${Math.round(bus.speed)} mph` : null, bus.heading != null ? `heading ${Math.round(bus.heading)}°` : null, formatAge(bus.last_update, now)].filter(Boolean).join(' · ');
