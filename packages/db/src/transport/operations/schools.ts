import type { SqlEntityManager } from '@mikro-orm/sql';
import { DomainError } from '@switchyard/domain/errors';
import { firstFreeSlug, slugify } from '@switchyard/domain/transport/operations/route-slug';
import { db, escapeLike } from '../../kysely.ts';

export type SchoolRow = {
  tenant_id: string;
  id: string;
  name: string;
  address: string | null;
  start_time: string | null;
  end_time: string | null;
  created_at: Date;
};

export type SchoolValues = { id: string; name: string; address: string | null; start_time: string | null; end_time: string | null };

const COLUMNS = ['tenant_id', 'id', 'name', 'address', 'start_time', 'end_time', 'created_at'] as const;

/** A second school of the same name (transport_school_name_uq) is the caller's conflict, not a failure. */
const refusingDuplicateName = async <T>(name: string | undefined, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    // The query builder hands on the driver's own error: SQLSTATE 23505 naming the constraint.
    if (
      (error as { code?: unknown } | null)?.code === '23505' &&
      error instanceof Error &&
      error.message.includes('transport_school_name_uq')
    ) {
      throw new DomainError('conflict', `A school named "${name?.trim() ?? ''}" already exists.`);
    }
    throw error;
  }
};

export const listSchools = (em: SqlEntityManager, tenantId: string): Promise<SchoolRow[]> =>
  db(em).selectFrom('transport_school').select(COLUMNS).where('tenant_id', '=', tenantId).orderBy('name').orderBy('id').execute();

export const listSchoolIds = async (em: SqlEntityManager, tenantId: string): Promise<Set<string>> => {
  const rows = await db(em).selectFrom('transport_school').select('id').where('tenant_id', '=', tenantId).execute();

  return new Set(rows.map((row) => row.id));
};

/** Creates the school, or, when `replace`, overwrites the one with the same id. */
export const saveSchool = async (em: SqlEntityManager, tenantId: string, school: SchoolValues, replace: boolean): Promise<void> => {
  await refusingDuplicateName(school.name, () =>
    db(em)
      .insertInto('transport_school')
      .values({ tenant_id: tenantId, ...school })
      .onConflict((conflict) => {
        const target = conflict.columns(['tenant_id', 'id']);

        return replace
          ? target.doUpdateSet((update) => ({
              name: update.ref('excluded.name'),
              address: update.ref('excluded.address'),
              start_time: update.ref('excluded.start_time'),
              end_time: update.ref('excluded.end_time'),
            }))
          : target.doNothing();
      })
      .execute(),
  );
};

/** Creates a school under a slug of its name that is free in the tenant; answers the id. */
export const createSchool = async (em: SqlEntityManager, tenantId: string, school: Omit<SchoolValues, 'id'>): Promise<string> => {
  const base = slugify(school.name, 'school');
  for (;;) {
    const taken = await db(em)
      .selectFrom('transport_school')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where((where) => where.or([where('id', '=', base), where('id', 'like', `${escapeLike(base)}-%`)]))
      .execute();
    const id = firstFreeSlug(base, new Set(taken.map((row) => row.id)));
    const inserted = await refusingDuplicateName(school.name, () =>
      db(em)
        .insertInto('transport_school')
        .values({ tenant_id: tenantId, id, ...school })
        .onConflict((conflict) => conflict.columns(['tenant_id', 'id']).doNothing())
        .returning('id')
        .execute(),
    );
    if (inserted.length > 0) {
      return id;
    }
  }
};

const SCHOOL_FIELDS = ['name', 'address', 'start_time', 'end_time'] as const;

/** Changes the fields given; answers false when the tenant has no such school. */
export const updateSchool = async (
  em: SqlEntityManager,
  tenantId: string,
  id: string,
  patch: Partial<Omit<SchoolValues, 'id'>>,
): Promise<boolean> => {
  const changes = Object.fromEntries(
    SCHOOL_FIELDS.filter((field) => patch[field] !== undefined).map((field) => [field, patch[field]]),
  ) as Partial<Omit<SchoolValues, 'id'>>;
  const updated = await refusingDuplicateName(patch.name, () =>
    db(em)
      .updateTable('transport_school')
      // With nothing to change, the update still answers whether the school exists.
      .set((eb) => (Object.keys(changes).length > 0 ? changes : { name: eb.ref('name') }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returning('id')
      .execute(),
  );

  return updated.length > 0;
};

/**
 * Deletes a school nobody attends, in one statement so a child enrolled meanwhile is counted:
 * answers whether it existed, how many children name it, and whether it was deleted.
 */
export const deleteSchoolUnlessAttended = async (
  em: SqlEntityManager,
  tenantId: string,
  id: string,
): Promise<{ found: boolean; children: number; deleted: boolean }> => {
  // One statement: the count and the guarded delete see the same snapshot.
  const row = await db(em)
    .with('attending', (query) =>
      query
        .selectFrom('transport_child')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('school_id', '=', id),
    )
    .with('removed', (query) =>
      query
        .deleteFrom('transport_school')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where((eb) => eb(eb.selectFrom('attending').select('n'), '=', '0'))
        .returning('id'),
    )
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(eb.selectFrom('transport_school').select('id').where('tenant_id', '=', tenantId).where('id', '=', id)),
          eb.exists(eb.selectFrom('removed').select('id')),
        ])
        .as('found'),
      eb.selectFrom('attending').select('n').$castTo<string>().as('children'),
      eb.selectFrom('removed').select(eb.fn.countAll<string>().as('n')).$castTo<string>().as('deleted'),
    ])
    .executeTakeFirst();

  // count(*) is a bigint, which the driver answers as text.
  return { found: Boolean(row?.found), children: Number(row?.children ?? 0), deleted: Number(row?.deleted ?? 0) > 0 };
};
export const findSchool = async (em: SqlEntityManager, tenantId: string, id: string): Promise<SchoolRow | null> =>
  (await db(em).selectFrom('transport_school').select(COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst()) ??
  null;
