import type { SqlEntityManager } from '@mikro-orm/sql';
import { sql } from 'kysely';
import type { TableReference } from '@switchyard/domain/backup/table-order';

/** A column as a backup writes it: its name and its type as PostgreSQL spells it (for the casts). */
export type CatalogColumn = { name: string; type: string };

export type CatalogTable = {
  name: string;
  /** Every stored column in table order; generated columns are left out (the database computes them). */
  columns: CatalogColumn[];
  /** The primary key's columns in key order: the order pages are read in. */
  key: string[];
};

const kysely = (em: SqlEntityManager) => em.getKysely();

/** Every table of the current schema (the migrations table included), by name. */
export const schemaTables = async (em: SqlEntityManager): Promise<CatalogTable[]> => {
  const rows = await sql<{ table_name: string; column_name: string; column_type: string; key_position: number | null }>`
    select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as column_type,
           array_position(i.indkey::int2[], a.attnum) as key_position
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      left join pg_index i on i.indrelid = c.oid and i.indisprimary
     where n.nspname = current_schema() and c.relkind in ('r', 'p')
     order by c.relname, a.attnum`.execute(kysely(em));
  const tables = new Map<string, CatalogTable & { keyed: [number, string][] }>();
  for (const row of rows.rows) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [], key: [], keyed: [] };
    tables.set(row.table_name, table);
    table.columns.push({ name: row.column_name, type: row.column_type });
    if (row.key_position !== null) {
      table.keyed.push([Number(row.key_position), row.column_name]);
    }
  }

  return [...tables.values()].map(({ keyed, ...table }) => ({
    ...table,
    key: keyed.sort((a, b) => a[0] - b[0]).map(([, name]) => name),
  }));
};

/** The foreign keys between tables of the current schema. */
export const schemaReferences = async (em: SqlEntityManager): Promise<TableReference[]> => {
  const rows = await sql<TableReference>`
    select distinct src.relname as "from", dst.relname as "to"
      from pg_constraint k
      join pg_class src on src.oid = k.conrelid
      join pg_class dst on dst.oid = k.confrelid
      join pg_namespace n on n.oid = src.relnamespace
     where k.contype = 'f' and n.nspname = current_schema()`.execute(kysely(em));

  return rows.rows;
};

/** A sequence's state: restored with setval so new rows never reuse a number. */
export type SequenceState = { name: string; lastValue: string; isCalled: boolean };

export const schemaSequences = async (em: SqlEntityManager): Promise<string[]> => {
  const rows = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname = current_schema() order by c.relname`.execute(kysely(em));

  return rows.rows.map((row) => row.name);
};

export const sequenceState = async (em: SqlEntityManager, name: string): Promise<SequenceState> => {
  const rows = await sql<{ last_value: string; is_called: boolean }>`
    select last_value::text as last_value, is_called from ${sql.table(name)}`.execute(kysely(em));
  const row = rows.rows[0];

  return { name, lastValue: row?.last_value ?? '1', isCalled: row?.is_called ?? false };
};

/** Session settings under which every value's text form is exact and the same on both engines. */
export const setPortableTextForms = async (em: SqlEntityManager): Promise<void> => {
  // SET LOCAL: only for this transaction. On the embedded database a client's transaction runs
  // alone, so no one else sees these settings.
  for (const statement of [
    sql`set local datestyle = 'ISO, YMD'`,
    sql`set local intervalstyle = 'postgres'`,
    sql`set local timezone = 'UTC'`,
    sql`set local extra_float_digits = 3`,
    sql`set local bytea_output = 'hex'`,
  ]) {
    await statement.execute(kysely(em));
  }
};
