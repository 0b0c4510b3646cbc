import type { SqlEntityManager } from '@mikro-orm/sql';
import { arrivalsWithEstimates } from '@switchyard/db/transport/live/trip-progress';
import { horizonAccuracy } from '@switchyard/domain/transport/live/accuracy';
import { presentAccuracy } from './presenters.ts';

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/** How well the route's estimates held: per horizon, the share of arrivals within 2 minutes of what was estimated then. */
export const loadEtaAccuracy = async (em: SqlEntityManager, tenantId: string, routeId: string) => {
  const rows = await arrivalsWithEstimates(em, tenantId, routeId);
  const pairs = (horizon: 'eta_10' | 'eta_5') => rows.map((row) => ({ arrivedAt: new Date(row.arrived_at), estimate: dateOrNull(row[horizon]) }));

  return presentAccuracy(rows.length, horizonAccuracy(pairs('eta_10')), horizonAccuracy(pairs('eta_5')));
};
