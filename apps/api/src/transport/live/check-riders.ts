import type { SqlEntityManager } from '@mikro-orm/sql';
import { childrenOfTenant, stopsRiddenBy } from '@switchyard/db/transport/live/riders';
import { assertKnownChildren, assertOneStopPerDirection, childIdsOfStops } from '@switchyard/domain/transport/live/riders';
import type { RouteMode } from '@switchyard/domain/transport/operations/schemas';

/**
 * The riders of a route about to be saved: every child id must be a child of the tenant (400
 * naming it), and no child may ride two stops in one trip direction across the tenant's routes
 * (409 naming the child and the other stop). `routeId` is the route being changed, left out of the
 * comparison; null for a new route.
 */
export const checkRiders = async (
  em: SqlEntityManager,
  tenantId: string,
  route: { mode: RouteMode; stops: readonly { riders?: readonly unknown[] | undefined }[] },
  routeId: string | null,
): Promise<void> => {
  const ids = childIdsOfStops(route.stops);
  if (ids.length === 0) {
    return;
  }
  const names = await childrenOfTenant(em, tenantId, ids);
  assertKnownChildren(ids, new Set(names.keys()));
  const placed = await stopsRiddenBy(em, tenantId, ids, routeId);
  assertOneStopPerDirection(
    route,
    placed.map((stop) => ({ childId: stop.child_id, routeId: stop.route_id, routeName: stop.route_name, mode: stop.mode, stopPosition: stop.position })),
    names,
  );
};
