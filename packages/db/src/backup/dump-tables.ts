import type { SqlEntityManager } from '@mikro-orm/sql';
import { sql } from 'kysely';
import { schemaSequences, schemaTables, sequenceState, setPortableTextForms, type CatalogTable, type SequenceState } from './catalog.ts';

/** One row: each column's value in PostgreSQL's text form (exact for every type), or null. */
export type DumpedRow = (string | null)[];

export type TableSink = {
  /** Called once per table before its rows; returns where its rows go. */
  open(table: CatalogTable): Promise<{ write(rows: DumpedRow[]): Promise<void>; close(): Promise<void> }>;
};

export type DumpResult = {
  tables: (CatalogTable & { rows: number })[];
  sequences: SequenceState[];
  /** The applied migrations, in the order they ran. */
  migrations: string[];
};

const PAGE_ROWS = 1_000;

const readPage = async (em: SqlEntityManager, table: CatalogTable, after: DumpedRow | undefined): Promise<DumpedRow[]> => {
  const values = table.columns.map((column, index) => sql`${sql.id(column.name)}::text as ${sql.id(`c${index}`)}`);
  const keyIndexes = table.key.map((name) => table.columns.findIndex((column) => column.name === name));
  let where = sql``;
  if (after && table.key.length > 0) {
    const keyColumns = table.key.map((name) => sql.id(name));
    const keyValues = keyIndexes.map((index) => {
      const column = table.columns[index];

      return sql`cast(cast(${after[index] ?? null} as text) as ${sql.raw(column?.type ?? 'text')})`;
    });
    where = sql`where (${sql.join(keyColumns)}) > (${sql.join(keyValues)})`;
  }
  const order = table.key.length > 0 ? sql`order by ${sql.join(table.key.map((name) => sql.id(name)))}` : sql``;
  // A table without a primary key (none in the schema) is read in one pass.
  const limit = table.key.length > 0 ? sql`limit ${PAGE_ROWS}` : sql``;
  const result = await sql<
    Record<string, string | null>
  >`select ${sql.join(values)} from ${sql.table(table.name)} ${where} ${order} ${limit}`.execute(em.getKysely());

  return result.rows.map((row) => table.columns.map((_, index) => row[`c${index}`] ?? null));
};

/**
 * Reads every table of the schema in one read-only REPEATABLE READ transaction: one snapshot, so
 * the rows agree with each other while the services keep writing. Pages of rows go to the sink
 * (never a whole table in memory), in primary key order.
 */
export const dumpTables = async (em: SqlEntityManager, sink: TableSink): Promise<DumpResult> =>
  em.transactional(
    async (tx) => {
      await setPortableTextForms(tx);
      const tables = await schemaTables(tx);
      const dumped: DumpResult['tables'] = [];
      for (const table of tables) {
        const out = await sink.open(table);
        let rows = 0;
        let last: DumpedRow | undefined;
        for (;;) {
          const page = await readPage(tx, table, last);
          if (page.length > 0) {
            await out.write(page);
          }
          rows += page.length;
          last = page.at(-1);
          if (page.length < PAGE_ROWS || table.key.length === 0) {
            break;
          }
        }
        await out.close();
        dumped.push({ ...table, rows });
      }
      const sequences: SequenceState[] = [];
      for (const name of await schemaSequences(tx)) {
        sequences.push(await sequenceState(tx, name));
      }
      const migrations = await sql<{ name: string }>`select name from mikro_orm_migrations order by id`.execute(tx.getKysely());

      return { tables: dumped, sequences, migrations: migrations.rows.map((row) => row.name) };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
