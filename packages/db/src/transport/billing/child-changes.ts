import type { SqlEntityManager } from '@mikro-orm/sql';
import type { ChildFields } from '@switchyard/domain/transport/billing/child-changes';
import { db } from '../../kysely.ts';

const FIELDS = ['name', 'school', 'school_id', 'grade', 'transport_need', 'trip_type', 'rate_weekly_cents'] as const;

export type ChildChange =
  | { kind: 'changed'; householdId: string; before: ChildFields; after: ChildFields }
  | { kind: 'child_not_found' }
  | { kind: 'school_not_found' };

/**
 * Changes one child of the tenant in one transaction: the row is locked from the read to the
 * write, the school chosen must be one of the tenant's (`schoolId` undefined: unchanged), and
 * `decide` (the domain's rule) gives the new fields from the old ones and the school.
 */
export const changeChild = (
  em: SqlEntityManager,
  tenantId: string,
  childId: string,
  schoolId: string | null | undefined,
  decide: (before: ChildFields, school: { id: string; name: string } | null | undefined) => ChildFields,
): Promise<ChildChange> =>
  em.fork().transactional(async (tx) => {
    const row = await db(tx)
      .selectFrom('transport_child')
      .select([...FIELDS, 'household_id'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', childId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) {
      return { kind: 'child_not_found' };
    }
    let school: { id: string; name: string } | null | undefined;
    if (schoolId === null) {
      school = null;
    } else if (schoolId !== undefined) {
      school =
        (await db(tx)
          .selectFrom('transport_school')
          .select(['id', 'name'])
          .where('tenant_id', '=', tenantId)
          .where('id', '=', schoolId)
          .executeTakeFirst()) ?? undefined;
      if (school === undefined) {
        return { kind: 'school_not_found' };
      }
    }
    const { household_id: householdId, ...before } = row;
    const after = decide(before, school);
    await db(tx).updateTable('transport_child').set(after).where('tenant_id', '=', tenantId).where('id', '=', childId).execute();

    return { kind: 'changed', householdId, before, after };
  });

export type SchoolMove =
  { kind: 'moved'; childIds: string[]; to: { id: string; name: string } } | { kind: 'school_not_found' } | { kind: 'target_not_found' };

/** Moves every child whose school is `fromId` to `toId` (both the tenant's), in one transaction. */
export const moveSchoolChildren = (em: SqlEntityManager, tenantId: string, fromId: string, toId: string): Promise<SchoolMove> =>
  em.fork().transactional(async (tx) => {
    const schools = await db(tx)
      .selectFrom('transport_school')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [fromId, toId])
      .forUpdate()
      .execute();
    if (!schools.some((school) => school.id === fromId)) {
      return { kind: 'school_not_found' };
    }
    const to = schools.find((school) => school.id === toId);
    if (!to) {
      return { kind: 'target_not_found' };
    }
    const moved = await db(tx)
      .updateTable('transport_child')
      .set({ school_id: to.id, school: to.name })
      .where('tenant_id', '=', tenantId)
      .where('school_id', '=', fromId)
      .returning('id')
      .execute();

    return { kind: 'moved', childIds: moved.map((row) => row.id).sort(), to };
  });
