import type { SqlEntityManager } from '@mikro-orm/sql';
import { readStoredAnswer, storeAnswer } from '@switchyard/db/transport/operations/provider-cache';
import type { TrafficSummary } from '@switchyard/domain/transport/live/eta';

/** A route's last traffic summary is used by estimates this long; after that, no slowdown. */
const SUMMARY_FRESH_MS = 15 * 60_000;

const keyOf = (tenantId: string, routeId: string) => `route-traffic:${tenantId}:${routeId}`;

/**
 * Estimates never call the traffic provider: they use the summary the route's conditions last
 * got from it (`GET /api/routes/{route_id}/conditions` keeps it in the provider cache every
 * process shares). None, or too old, is no slowdown.
 */
export const rememberTrafficSummary = (
  em: SqlEntityManager,
  tenantId: string,
  routeId: string,
  summary: TrafficSummary,
  now: Date,
): Promise<void> => storeAnswer(em, keyOf(tenantId, routeId), JSON.stringify(summary), now, new Date(now.getTime() + SUMMARY_FRESH_MS));

export const recentTrafficSummary = async (
  em: SqlEntityManager,
  tenantId: string,
  routeId: string,
  now: Date,
): Promise<TrafficSummary | null> => {
  const stored = await readStoredAnswer(em, keyOf(tenantId, routeId), now);

  return stored.fresh === null ? null : (JSON.parse(stored.fresh) as TrafficSummary);
};
