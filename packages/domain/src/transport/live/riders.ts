import { DomainError } from '../../errors.ts';
import type { TripDirection } from './trip.ts';

/**
 * A stop's riders name the tenant's children: a child id (the id `GET /api/children` gives), or an
 * object whose `child_id` names one (other fields are kept as notes). Entries that name no child
 * (free text such as `"Ann"` or `{name: "Bo"}`, as stops held before riders were linked to
 * children) are kept as written and put no child on the stop.
 */
const CHILD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const riderChildId = (rider: unknown): string | null => {
  if (typeof rider === 'string') {
    return CHILD_ID.test(rider) ? rider.toLowerCase() : null;
  }
  if (rider !== null && typeof rider === 'object' && 'child_id' in rider) {
    const id = (rider as { child_id: unknown }).child_id;

    return typeof id === 'string' ? id.toLowerCase() : String(id);
  }

  return null;
};

export const childIdsOfStops = (stops: readonly { riders?: readonly unknown[] | undefined }[]): string[] => [
  ...new Set(stops.flatMap((stop) => (stop.riders ?? []).map(riderChildId).filter((id): id is string => id !== null))),
];

/** Every child id of the stops must be a child of the tenant: the first one that is not is named. */
export const assertKnownChildren = (ids: readonly string[], known: ReadonlySet<string>): void => {
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) {
    throw new DomainError('validation_error', `Rider ${unknown} is not a child of this tenant.`);
  }
};

export type RiderPlacement = { childId: string; routeId: string; routeName: string; direction: TripDirection; stopPosition: number };

/**
 * A child rides at most one stop per trip direction: one stop of the morning run and one of the
 * afternoon run, on this route or others. `placed` are the child's stops on the tenant's other
 * routes' runs; `runs` are the runs of the route being saved.
 */
export const assertOneStopPerDirection = (
  runs: readonly { direction: TripDirection; stops: readonly { position: number; riders?: readonly unknown[] | undefined }[] }[],
  placed: readonly RiderPlacement[],
  names: ReadonlyMap<string, string>,
): void => {
  const label = (childId: string) => `${names.get(childId) ?? 'Child'} (${childId})`;
  for (const run of runs) {
    const seen = new Map<string, number>();
    for (const stop of run.stops) {
      for (const childId of new Set((stop.riders ?? []).map(riderChildId).filter((id): id is string => id !== null))) {
        const earlier = seen.get(childId);
        if (earlier !== undefined) {
          throw new DomainError(
            'conflict',
            `${label(childId)} rides stop ${earlier} and stop ${stop.position} of this route in the ${run.direction}; a child rides one stop per trip direction.`,
          );
        }
        seen.set(childId, stop.position);
      }
    }
    const other = placed.find((candidate) => candidate.direction === run.direction && seen.has(candidate.childId));
    if (other) {
      throw new DomainError(
        'conflict',
        `${label(other.childId)} already rides stop ${other.stopPosition} of route ${other.routeName} (${other.routeId}) in the ${run.direction}; a child rides one stop per trip direction.`,
      );
    }
  }
};
