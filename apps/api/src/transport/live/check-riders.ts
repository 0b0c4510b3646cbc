import type { SqlEntityManager } from '@mikro-orm/sql';
import { fitChildrenOfTenant, stopsRiddenBy } from '@switchyard/db/transport/live/riders';
import { listSchools } from '@switchyard/db/transport/operations/schools';
import {
  addedConflicts,
  assertRidersFit,
  riderConflicts,
  servedSchools,
  type RiderConflict,
} from '@switchyard/domain/transport/live/rider-fit';
import { assertKnownChildren, assertOneStopPerDirection, childIdsOfStops } from '@switchyard/domain/transport/live/riders';
import type { Run } from '@switchyard/domain/transport/operations/runs';

/**
 * The riders of a route's runs about to be saved: every child id must be a child of the tenant
 * (400 naming it), no child may ride two stops in one trip direction across the tenant's routes
 * (409 naming the child and the other stop), and each child must fit the run (its direction and
 * the route's schools, rider-fit.ts): a 409 naming each conflict unless `override.overridden` (`hint` says how to proceed). Answers the
 * conflicts let through by the override. `routeId` is the route being changed, left out of the
 * comparison; null for a new route. `stops` are the route's stops as they will be saved. `before` is
 * the route as stored: conflicts it already had are not asked about again (rider-fit.ts, addedConflicts).
 */
export const checkRiders = async (
  em: SqlEntityManager,
  tenantId: string,
  route: { runs: readonly Run[]; stops: readonly { name: string; address: string | null }[] },
  routeId: string | null,
  override: { overridden: boolean; hint?: string } = { overridden: false },
  before?: { runs: readonly Run[]; stops: readonly { name: string; address: string | null }[] },
): Promise<RiderConflict[]> => {
  const ids = childIdsOfStops(route.runs.flatMap((run) => run.stops));
  if (ids.length === 0) {
    return [];
  }
  const earlierIds = before === undefined ? [] : childIdsOfStops(before.runs.flatMap((run) => run.stops));
  const children = await fitChildrenOfTenant(em, tenantId, [...new Set([...ids, ...earlierIds])]);
  const names = new Map(children.map((child) => [child.id, child.name]));
  assertKnownChildren(ids, new Set(names.keys()));
  const placed = await stopsRiddenBy(em, tenantId, ids, routeId);
  assertOneStopPerDirection(
    route.runs,
    placed.map((stop) => ({
      childId: stop.child_id,
      routeId: stop.route_id,
      routeName: stop.route_name,
      direction: stop.direction,
      stopPosition: stop.position,
    })),
    names,
  );
  const schools = await listSchools(em, tenantId);
  const byId = new Map(children.map((child) => [child.id, child]));
  const conflicts = riderConflicts(route.runs, byId, servedSchools(route.stops, schools), schools);
  const had = before === undefined ? [] : riderConflicts(before.runs, byId, servedSchools(before.stops, schools), schools);
  const added = addedConflicts(conflicts, had);
  assertRidersFit(added, override.overridden, override.hint);

  return added;
};
