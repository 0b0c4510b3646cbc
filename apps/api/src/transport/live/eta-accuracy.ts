import type { SqlEntityManager } from '@mikro-orm/sql';
import { countEtaAccuracy, type RouteAccuracyCounts } from '@switchyard/db/transport/reporting/eta-accuracy';
import { ACCURATE_WITHIN_MS, horizonAccuracy } from '@switchyard/domain/transport/live/accuracy';
import { presentAccuracy } from './presenters.ts';

/** How well a route's estimates held: per horizon, the share of arrivals within 2 minutes of what was estimated then. */
export const accuracyOfCounts = (counts: RouteAccuracyCounts | undefined) =>
  presentAccuracy(
    counts?.arrivals ?? 0,
    horizonAccuracy(counts?.judged_10 ?? 0, counts?.within_10 ?? 0),
    horizonAccuracy(counts?.judged_5 ?? 0, counts?.within_5 ?? 0),
  );

/** The same counts for several routes of one tenant at once (the GraphQL loader's batch). */
export const countAccuracyOfRoutes = (em: SqlEntityManager, tenantId: string, routeIds: readonly string[]) =>
  countEtaAccuracy(em, ACCURATE_WITHIN_MS, { tenantId, routeIds });

export const loadEtaAccuracy = async (em: SqlEntityManager, tenantId: string, routeId: string) =>
  accuracyOfCounts((await countAccuracyOfRoutes(em, tenantId, [routeId]))[0]);
