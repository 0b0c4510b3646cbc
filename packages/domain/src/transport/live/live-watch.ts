import type { TransportRateLimitRule } from '../public-write-limits.ts';

/**
 * Openings of the family live stream per account. A viewer's page reconnects on its own after a
 * dropped connection (with backoff from 1 s) and on every visit; thirty openings in ten minutes
 * leave room for a bad mobile connection, while a script reopening the stream in a loop is
 * answered 429 with Retry-After instead of costing a query of the family's rides each time.
 */
export const LIVE_WATCH_OPENINGS_PER_ACCOUNT = {
  name: 'transport-live-watch-account',
  max: 30,
  windowSeconds: 10 * 60,
} as const satisfies TransportRateLimitRule;

/**
 * The occasion of a `live.watch` audit row: one account watching one trip, that is the routes whose
 * trip windows are open on the tenant's local day (none: watching outside every window that day).
 * The tenant's log gets one row per occasion, however often the stream is reopened during it.
 */
export const liveWatchOccasion = (userId: string, localDay: string, openRouteIds: readonly string[]): string =>
  `live.watch:${userId}:${localDay}:${[...openRouteIds].sort().join(',') || '-'}`;
