import type { SqlEntityManager } from '@mikro-orm/sql';
import { childrenOfTenant, stopsRiddenBy } from '@switchyard/db/transport/live/riders';
import { assertKnownChildren, assertOneStopPerDirection, childIdsOfStops } from '@switchyard/domain/transport/live/riders';
import type { Run } from '@switchyard/domain/transport/operations/runs';

/**
 * The riders of a route's runs about to be saved: every child id must be a child of the tenant
 * (400 naming it), and no child may ride two stops in one trip direction across the tenant's
 * routes (409 naming the child and the other stop). `routeId` is the route being changed, left
 * out of the comparison; null for a new route.
 */
export const checkRiders = async (em: SqlEntityManager, tenantId: string, runs: readonly Run[], routeId: string | null): Promise<void> => {
  const ids = childIdsOfStops(runs.flatMap((run) => run.stops));
  if (ids.length === 0) {
    return;
  }
  const names = await childrenOfTenant(em, tenantId, ids);
  assertKnownChildren(ids, new Set(names.keys()));
  const placed = await stopsRiddenBy(em, tenantId, ids, routeId);
  assertOneStopPerDirection(
    runs,
    placed.map((stop) => ({ childId: stop.child_id, routeId: stop.route_id, routeName: stop.route_name, direction: stop.direction, stopPosition: stop.position })),
    names,
  );
};
