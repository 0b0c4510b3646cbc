import type { SqlEntityManager } from '@mikro-orm/sql';
import { DomainError } from '@switchyard/domain/errors';
import { findRoute, listRuns, listStops } from '@switchyard/db/transport/operations/routes';
import { presentRouteDetail } from './presenters.ts';
import { loadEtaAccuracy } from '../live/eta-accuracy.ts';
import { loadRouteRiders } from './load-route-riders.ts';

/** A route of the tenant with its ordered stops, its runs, how its arrival estimates held and how its riders fit; 404 `Route not found` for any other id. */
export const loadRouteDetail = async (em: SqlEntityManager, tenantId: string, routeId: string) => {
  const route = await findRoute(em, tenantId, routeId);
  if (!route) {
    throw new DomainError('not_found', 'Route not found');
  }

  const stops = await listStops(em, tenantId, routeId);
  const runs = await listRuns(em, tenantId, routeId);

  return {
    ...presentRouteDetail(route, stops, runs),
    eta_accuracy: await loadEtaAccuracy(em, tenantId, routeId),
    ...(await loadRouteRiders(em, tenantId, { mode: route.mode, stops, runs })),
  };
};
