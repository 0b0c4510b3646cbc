import { DomainError } from '../../errors.ts';
import { servesSchool } from '../operations/route-conditions.ts';
import { riderChildId } from './riders.ts';
import type { TripDirection } from './trip.ts';

/**
 * Riders that fit their route: a child rides only the runs of the directions its transport need
 * names (a `morning` child rides no afternoon run), and only routes that serve its school. A
 * route serves the schools one of its stops names or stands at (servesSchool); a route that
 * serves no school of the tenant, or a child whose school is not one of the tenant's schools,
 * gives the school nothing to compare, so only the direction is held.
 */
export type FitChild = { id: string; name: string; transportNeed: string; schoolId: string | null; school: string | null };
export type FitSchool = { id: string; name: string; address: string | null };

export type RiderConflict = {
  child_id: string;
  child_name: string;
  kind: 'direction' | 'school';
  direction: TripDirection;
  stop: number;
  message: string;
};

const normal = (value: string | null) => value?.trim().toLowerCase().replace(/\s+/g, ' ') ?? '';

export const ridesDirection = (transportNeed: string, direction: TripDirection): boolean =>
  transportNeed === 'both' || transportNeed === direction;

/** The directions a child rides that the route runs, morning first. */
export const neededDirections = (transportNeed: string, routeDirections: readonly TripDirection[]): TripDirection[] =>
  (['morning', 'afternoon'] as const).filter(
    (direction) => routeDirections.includes(direction) && ridesDirection(transportNeed, direction),
  );

/** The tenant school the child attends: by `school_id`, else by the school's name as written; null when neither names one. */
export const schoolOfChild = (child: Pick<FitChild, 'schoolId' | 'school'>, schools: readonly FitSchool[]): FitSchool | null =>
  (child.schoolId !== null ? schools.find((school) => school.id === child.schoolId) : undefined) ??
  (normal(child.school) !== '' ? schools.find((school) => normal(school.name) === normal(child.school)) : undefined) ??
  null;

export const servedSchools = (stops: readonly { name: string; address: string | null }[], schools: readonly FitSchool[]): FitSchool[] =>
  schools.filter((school) => servesSchool(stops, school));

/**
 * Each child placed where it does not fit: a stop of a run whose direction the child does not
 * ride (once per run), and a route that does not serve its school (once per child). Rider ids
 * that name no known child are left to assertKnownChildren.
 */
export const riderConflicts = (
  runs: readonly { direction: TripDirection; stops: readonly { position: number; riders?: readonly unknown[] | undefined }[] }[],
  children: ReadonlyMap<string, FitChild>,
  served: readonly FitSchool[],
  schools: readonly FitSchool[],
): RiderConflict[] => {
  const conflicts: RiderConflict[] = [];
  const schoolChecked = new Set<string>();
  for (const run of runs) {
    const seen = new Set<string>();
    for (const stop of run.stops) {
      for (const childId of (stop.riders ?? []).map(riderChildId)) {
        const child = childId === null ? undefined : children.get(childId);
        if (!child || seen.has(child.id)) {
          continue;
        }
        seen.add(child.id);
        const label = `${child.name} (${child.id})`;
        if (!ridesDirection(child.transportNeed, run.direction)) {
          conflicts.push({
            child_id: child.id,
            child_name: child.name,
            kind: 'direction',
            direction: run.direction,
            stop: stop.position,
            message: `${label} rides ${child.transportNeed === 'morning' ? 'mornings' : 'afternoons'} only but is placed on stop ${stop.position} of the ${run.direction} run.`,
          });
        }
        const school = schoolOfChild(child, schools);
        if (
          served.length > 0 &&
          school !== null &&
          !schoolChecked.has(child.id) &&
          !served.some((candidate) => candidate.id === school.id)
        ) {
          conflicts.push({
            child_id: child.id,
            child_name: child.name,
            kind: 'school',
            direction: run.direction,
            stop: stop.position,
            message: `${label} attends ${school.name}, which this route does not serve (it serves ${served.map((candidate) => candidate.name).join(', ')}).`,
          });
        }
        schoolChecked.add(child.id);
      }
    }
  }

  return conflicts;
};

const conflictKey = (conflict: RiderConflict) =>
  `${conflict.child_id}|${conflict.kind}|${conflict.kind === 'direction' ? conflict.direction : ''}`;

/**
 * The conflicts a save adds to those the route already had. One it had (let through by an earlier
 * override, or become so since: a changed transport need or school) is not asked about again when
 * the operator changes something else on the route; the route page keeps warning of it.
 */
export const addedConflicts = (conflicts: readonly RiderConflict[], before: readonly RiderConflict[]): RiderConflict[] => {
  const had = new Set(before.map(conflictKey));

  return conflicts.filter((conflict) => !had.has(conflictKey(conflict)));
};

export const OVERRIDE_HINT = 'Send override with a reason to place them anyway.';

/** Conflicts refuse the save (409 naming each, then `hint`) unless the operator confirmed an override. */
export const assertRidersFit = (conflicts: readonly RiderConflict[], overridden: boolean, hint = OVERRIDE_HINT): void => {
  if (conflicts.length > 0 && !overridden) {
    throw new DomainError('conflict', [...conflicts.map((conflict) => conflict.message), hint].join(' '));
  }
};

export type UnplacedChild = { child_id: string; child_name: string; school_id: string; school_name: string; missing: TripDirection[] };

/**
 * The children of the route's schools still without a stop: for each, the directions it rides
 * that the route runs and no run of the tenant's routes places it on yet.
 */
export const unplacedChildren = (
  children: readonly FitChild[],
  served: readonly FitSchool[],
  schools: readonly FitSchool[],
  routeDirections: readonly TripDirection[],
  placed: readonly { childId: string; direction: TripDirection }[],
): UnplacedChild[] =>
  children.flatMap((child) => {
    const school = schoolOfChild(child, schools);
    if (school === null || !served.some((candidate) => candidate.id === school.id)) {
      return [];
    }
    const missing = neededDirections(child.transportNeed, routeDirections).filter(
      (direction) => !placed.some((stop) => stop.childId === child.id && stop.direction === direction),
    );

    return missing.length > 0
      ? [{ child_id: child.id, child_name: child.name, school_id: school.id, school_name: school.name, missing }]
      : [];
  });
