import type { SqlEntityManager } from '@mikro-orm/sql';
import { DomainError } from '@switchyard/domain/errors';
import { findRoute, listRuns, listStops } from '@switchyard/db/transport/operations/routes';
import { presentRouteDetail } from './presenters.ts';
import { loadEtaAccuracy } from '../live/eta-accuracy.ts';

/** A route of the tenant with its ordered stops, its runs and how its arrival estimates held; 404 `Route not found` for any other id. */
export const loadRouteDetail = async (em: SqlEntityManager, tenantId: string, routeId: string) => {
  const route = await findRoute(em, tenantId, routeId);
  if (!route) {
    throw new DomainError('not_found', 'Route not found');
  }

  return { ...presentRouteDetail(route, await listStops(em, tenantId, routeId), await listRuns(em, tenantId, routeId)), eta_accuracy: await loadEtaAccuracy(em, tenantId, routeId) };
};
