import { z } from 'zod';
import { TRANSPORT_NEEDS, tripTypeFor, weeklyRateFor, type TenantPricing, type TransportNeed, type TripType } from './rates.ts';

/**
 * Operators correct a child's record (docs/transport.md, "Fixing the records"): name, school, grade
 * and transport need. The trip type and weekly rate follow the need at the tenant's prices, as at
 * registration. Where the child rides is changed on the route page (riders per run and stop), where
 * the riders-fit rule holds; a change here that makes a placement misfit shows on that route as a
 * warning.
 */

const id = z.string().trim().min(1).max(100);
const schoolId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'must be a school id');

export const updateChildInput = z
  .strictObject({
    child_id: id,
    name: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters').optional(),
    school_id: schoolId.nullable().optional(),
    grade: z.string().trim().max(20, 'must be at most 20 characters').nullable().optional(),
    transport_need: z.enum(TRANSPORT_NEEDS).optional(),
  })
  .refine(
    (input) => ['name', 'school_id', 'grade', 'transport_need'].some((field) => input[field as keyof typeof input] !== undefined),
    'give at least one of name, school_id, grade, transport_need',
  );
export type UpdateChildInput = z.infer<typeof updateChildInput>;

/** Moves every child of one school to another, so the first can be removed. */
export const moveSchoolChildrenInput = z
  .strictObject({ school_id: schoolId, to_school_id: schoolId })
  .refine((input) => input.school_id !== input.to_school_id, { message: 'must be another school', path: ['to_school_id'] });

export type ChildFields = {
  name: string;
  school: string | null;
  school_id: string | null;
  grade: string | null;
  transport_need: TransportNeed;
  trip_type: TripType;
  rate_weekly_cents: number;
};

/**
 * The child's fields after the change. `school` is the tenant school chosen (null: none), or
 * undefined when the school is not changed; its name is kept beside its id as at registration.
 * The rate is recomputed only when the need changes, so a correction of a name never reprices.
 */
export const childFieldsAfter = (
  before: ChildFields,
  patch: Omit<UpdateChildInput, 'child_id'>,
  school: { id: string; name: string } | null | undefined,
  pricing: TenantPricing,
): ChildFields => {
  const need = patch.transport_need ?? before.transport_need;
  const needChanged = patch.transport_need !== undefined && patch.transport_need !== before.transport_need;

  return {
    name: patch.name ?? before.name,
    school: school === undefined ? before.school : (school?.name ?? null),
    school_id: school === undefined ? before.school_id : (school?.id ?? null),
    grade: patch.grade === undefined ? before.grade : patch.grade === '' ? null : patch.grade,
    transport_need: need,
    trip_type: needChanged ? tripTypeFor(need) : before.trip_type,
    rate_weekly_cents: needChanged ? weeklyRateFor(need, pricing) : before.rate_weekly_cents,
  };
};

/** The fields that differ, each as {from, to}: the audit row's details. */
export const changedChildFields = (before: ChildFields, after: ChildFields): Record<string, { from: unknown; to: unknown }> =>
  Object.fromEntries(
    (Object.keys(after) as (keyof ChildFields)[])
      .filter((field) => before[field] !== after[field])
      .map((field) => [field, { from: before[field], to: after[field] }]),
  );
