import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { DomainError } from '@switchyard/domain/errors';
import { firstFreeSlug, slugify } from '@switchyard/domain/transport/operations/route-slug';

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

const COLUMNS = 'tenant_id, id, name, address, start_time, end_time, created_at';

/** A second school of the same name (transport_school_name_uq) is the caller's conflict, not a failure. */
const refusingDuplicateName = async <T>(name: string | undefined, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException && error.message.includes('transport_school_name_uq')) {
      throw new DomainError('conflict', `A school named "${name?.trim() ?? ''}" already exists.`);
    }
    throw error;
  }
};

export const listSchools = (em: SqlEntityManager, tenantId: string): Promise<SchoolRow[]> =>
  em.execute<SchoolRow[]>(`select ${COLUMNS} from transport_school where tenant_id = ? order by name, id`, [tenantId]);

export const listSchoolIds = async (em: SqlEntityManager, tenantId: string): Promise<Set<string>> => {
  const rows = await em.execute<{ id: string }[]>('select id from transport_school where tenant_id = ?', [tenantId]);

  return new Set(rows.map((row) => row.id));
};

/** Creates the school, or, when `replace`, overwrites the one with the same id. */
export const saveSchool = async (em: SqlEntityManager, tenantId: string, school: SchoolValues, replace: boolean): Promise<void> => {
  await refusingDuplicateName(school.name, () => em.execute(
    `insert into transport_school (tenant_id, id, name, address, start_time, end_time)
     values (?, ?, ?, ?::text, ?::text, ?::text)
     on conflict (tenant_id, id) do ${
       replace ? 'update set name = excluded.name, address = excluded.address, start_time = excluded.start_time, end_time = excluded.end_time' : 'nothing'
     }`,
    [tenantId, school.id, school.name, school.address, school.start_time, school.end_time],
  ));
};

/** Creates a school under a slug of its name that is free in the tenant; answers the id. */
export const createSchool = async (em: SqlEntityManager, tenantId: string, school: Omit<SchoolValues, 'id'>): Promise<string> => {
  const base = slugify(school.name, 'school');
  for (;;) {
    const taken = await em.execute<{ id: string }[]>("select id from transport_school where tenant_id = ? and (id = ? or id like ? || '-%')", [
      tenantId,
      base,
      base,
    ]);
    const id = firstFreeSlug(base, new Set(taken.map((row) => row.id)));
    const inserted = await refusingDuplicateName(school.name, () =>
      em.execute<{ id: string }[]>(
        `insert into transport_school (tenant_id, id, name, address, start_time, end_time)
         values (?, ?, ?, ?::text, ?::text, ?::text) on conflict (tenant_id, id) do nothing returning id`,
        [tenantId, id, school.name, school.address, school.start_time, school.end_time],
      ),
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
  const fields = SCHOOL_FIELDS.filter((field) => patch[field] !== undefined);
  const assignments = fields.length > 0 ? fields.map((field) => `${field} = ?::text`).join(', ') : 'name = name';
  const updated = await refusingDuplicateName(patch.name, () =>
    em.execute<{ id: string }[]>(`update transport_school set ${assignments} where tenant_id = ? and id = ? returning id`, [
      ...fields.map((field) => patch[field] ?? null),
      tenantId,
      id,
    ]),
  );

  return updated.length > 0;
};

/**
 * Deletes a school nobody attends, in one statement so a child enrolled meanwhile is counted:
 * answers whether it existed, how many children name it, and whether it was deleted.
 */
export const deleteSchoolUnlessAttended = async (em: SqlEntityManager, tenantId: string, id: string): Promise<{ found: boolean; children: number; deleted: boolean }> => {
  const [row] = await em.execute<{ found: boolean; children: number; deleted: number }[]>(
    `with attending as (select count(*)::int as n from transport_child where tenant_id = ? and school_id = ?),
          removed as (delete from transport_school where tenant_id = ? and id = ? and (select n from attending) = 0 returning id)
     select exists (select 1 from transport_school where tenant_id = ? and id = ?) or exists (select 1 from removed) as found,
            (select n from attending) as children,
            (select count(*)::int from removed) as deleted`,
    [tenantId, id, tenantId, id, tenantId, id],
  );

  return { found: Boolean(row?.found), children: row?.children ?? 0, deleted: (row?.deleted ?? 0) > 0 };
};

export const findSchool = async (em: SqlEntityManager, tenantId: string, id: string): Promise<SchoolRow | null> => {
  const rows = await em.execute<SchoolRow[]>(`select ${COLUMNS} from transport_school where tenant_id = ? and id = ?`, [tenantId, id]);

  return rows[0] ?? null;
};
