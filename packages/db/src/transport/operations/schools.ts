import type { SqlEntityManager } from '@mikro-orm/sql';

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

export const listSchools = (em: SqlEntityManager, tenantId: string): Promise<SchoolRow[]> =>
  em.execute<SchoolRow[]>(`select ${COLUMNS} from transport_school where tenant_id = ? order by name, id`, [tenantId]);

export const listSchoolIds = async (em: SqlEntityManager, tenantId: string): Promise<Set<string>> => {
  const rows = await em.execute<{ id: string }[]>('select id from transport_school where tenant_id = ?', [tenantId]);

  return new Set(rows.map((row) => row.id));
};

/** Creates the school, or, when `replace`, overwrites the one with the same id. */
export const saveSchool = async (em: SqlEntityManager, tenantId: string, school: SchoolValues, replace: boolean): Promise<void> => {
  await em.execute(
    `insert into transport_school (tenant_id, id, name, address, start_time, end_time)
     values (?, ?, ?, ?::text, ?::text, ?::text)
     on conflict (tenant_id, id) do ${
       replace ? 'update set name = excluded.name, address = excluded.address, start_time = excluded.start_time, end_time = excluded.end_time' : 'nothing'
     }`,
    [tenantId, school.id, school.name, school.address, school.start_time, school.end_time],
  );
};
