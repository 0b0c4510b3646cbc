import type { SqlEntityManager } from '@mikro-orm/sql';
import { DomainError } from '@switchyard/domain/errors';
import type { SessionUser } from '@switchyard/domain/transport/session-user';
import { childrenOfFamily, stopsRiddenBy, type FamilyChild } from '@switchyard/db/transport/live/riders';
import { liveRoutes, runOf, type LiveRoute, type LiveStop } from '@switchyard/db/transport/live/trip-progress';
import type { TripDirection } from '@switchyard/domain/transport/live/trip';

/** A child on one stop of one run: the stop carries the run's time there. */
export type FamilyRide = { child: FamilyChild; route: LiveRoute; direction: TripDirection; stop: LiveStop };

/** Family paths are for an account with a role (the families' own); one without is refused, as everywhere else. */
export const assertFamilyAccount = (user: SessionUser): void => {
  if (user.role === null) {
    throw new DomainError('forbidden', 'Forbidden');
  }
};

/**
 * Each child of the account's approved households on each run stop it rides, on the tenant's active
 * routes (a draft or inactive route runs no trips). Nothing of other families or tenants.
 */
export const loadFamilyRides = async (em: SqlEntityManager, tenantId: string, userId: string): Promise<FamilyRide[]> => {
  const children = await childrenOfFamily(em, tenantId, userId);
  const ridden = await stopsRiddenBy(
    em,
    tenantId,
    children.map((child) => child.child_id),
  );
  const routes = (await liveRoutes(em, tenantId, [...new Set(ridden.map((stop) => stop.route_id))])).filter(
    (route) => route.status === 'active',
  );
  const rides: FamilyRide[] = [];
  for (const child of children) {
    for (const stop of ridden.filter((candidate) => candidate.child_id === child.child_id)) {
      const route = routes.find((candidate) => candidate.id === stop.route_id);
      const runStop = route ? runOf(route, stop.direction)?.stops.find((candidate) => candidate.position === stop.position) : undefined;
      if (route && runStop) {
        rides.push({ child, route, direction: stop.direction, stop: runStop });
      }
    }
  }

  return rides;
};
