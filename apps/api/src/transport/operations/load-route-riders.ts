import type { SqlEntityManager } from '@mikro-orm/sql';
import { activeChildrenOfSchools, fitChildrenOfTenant, stopsRiddenBy } from '@switchyard/db/transport/live/riders';
import { listSchools } from '@switchyard/db/transport/operations/schools';
import { riderConflicts, servedSchools, unplacedChildren } from '@switchyard/domain/transport/live/rider-fit';
import { childIdsOfStops } from '@switchyard/domain/transport/live/riders';
import { directionsOfMode } from '@switchyard/domain/transport/live/trip';
import type { Run } from '@switchyard/domain/transport/operations/runs';
import type { RouteMode } from '@switchyard/domain/transport/operations/schemas';

/**
 * How the route's riders fit, as the route page shows it: the riders placed where they do not fit
 * (let through by an operator's override, or become so since: a changed transport need or school),
 * and the children of the schools the route serves who still lack a stop for a run they ride.
 */
export const loadRouteRiders = async (
  em: SqlEntityManager,
  tenantId: string,
  route: { mode: RouteMode; stops: readonly { name: string; address: string | null }[]; runs: readonly Run[] },
) => {
  const schools = await listSchools(em, tenantId);
  const served = servedSchools(route.stops, schools);
  const riders = await fitChildrenOfTenant(em, tenantId, childIdsOfStops(route.runs.flatMap((run) => run.stops)));
  const candidates = await activeChildrenOfSchools(em, tenantId, served);
  const placed = await stopsRiddenBy(
    em,
    tenantId,
    candidates.map((child) => child.id),
  );

  return {
    rider_warnings: riderConflicts(route.runs, new Map(riders.map((child) => [child.id, child])), served, schools),
    unplaced_children: unplacedChildren(
      candidates,
      served,
      schools,
      directionsOfMode(route.mode),
      placed.map((stop) => ({ childId: stop.child_id, direction: stop.direction })),
    ),
  };
};
