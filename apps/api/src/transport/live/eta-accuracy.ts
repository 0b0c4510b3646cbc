import type { SqlEntityManager } from '@mikro-orm/sql';
import { listArrivalsOfRoutes, type RouteArrivalRow } from '@switchyard/db/transport/reporting/eta-accuracy';
import { horizonAccuracy } from '@switchyard/domain/transport/live/accuracy';
import { presentAccuracy } from './presenters.ts';

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/** How well a route's estimates held: per horizon, the share of arrivals within 2 minutes of what was estimated then. */
export const accuracyOfArrivals = (rows: readonly RouteArrivalRow[]) => {
  const pairs = (horizon: 'eta_10' | 'eta_5') => rows.map((row) => ({ arrivedAt: new Date(row.arrived_at), estimate: dateOrNull(row[horizon]) }));

  return presentAccuracy(rows.length, horizonAccuracy(pairs('eta_10')), horizonAccuracy(pairs('eta_5')));
};

export const loadEtaAccuracy = async (em: SqlEntityManager, tenantId: string, routeId: string) => accuracyOfArrivals(await listArrivalsOfRoutes(em, tenantId, [routeId]));
