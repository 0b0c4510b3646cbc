import type { SqlEntityManager } from '@mikro-orm/sql';
import { sql } from 'kysely';
import { tablesInDependencyOrder } from '@switchyard/domain/backup/table-order';
import { schemaReferences, schemaTables, setPortableTextForms, type CatalogColumn, type SequenceState } from './catalog.ts';
import type { DumpedRow } from './dump-tables.ts';

/** Where a table's rows come from, in pages. */
export type TableSource = {
  /** The columns the rows were written with. */
  columns: CatalogColumn[];
  /** The rows the archive counted: any other number rolls the whole restore back. */
  expectedRows: number;
  rows(): AsyncIterable<DumpedRow[]>;
};

export type LoadInput = {
  /** Every table of the archive, by name. */
  tables: ReadonlyMap<string, TableSource>;
  sequences: readonly SequenceState[];
};

/** Bind parameters per statement stay far below PostgreSQL's 65,535. */
const MAX_PARAMETERS = 20_000;

const insertPage = async (em: SqlEntityManager, table: string, columns: CatalogColumn[], rows: DumpedRow[]) => {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, columns.length)));
  for (let start = 0; start < rows.length; start += perStatement) {
    const values = rows
      .slice(start, start + perStatement)
      .map(
        (row) =>
          sql`(${sql.join(columns.map((column, index) => sql`cast(cast(${row[index] ?? null} as text) as ${sql.raw(column.type)})`))})`,
      );
    // Each value is sent as text and cast in SQL: the embedded engine's client library would
    // otherwise encode a parameter by the type it is inferred to have (a bytea wants bytes).
    // OVERRIDING SYSTEM VALUE: identity columns keep the numbers the archive holds.
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.id(column.name)))}) overriding system value values ${sql.join(values)}`.execute(
      em.getKysely(),
    );
  }
};

/** A column type must be a plain type name before it goes into a cast unquoted. */
const TYPE_NAME = /^[a-z0-9 _"(),[\]]+$/i;

/**
 * Fills a freshly migrated, empty schema in one transaction: the migrations table is replaced by the
 * archive's (same names, their original times), every other table is filled in foreign-key order,
 * and each sequence is set where the archive left it. Returns the rows inserted per table.
 */
export const loadTables = async (em: SqlEntityManager, input: LoadInput): Promise<Map<string, number>> =>
  em.transactional(async (tx) => {
    await setPortableTextForms(tx);
    const catalog = new Map((await schemaTables(tx)).map((table) => [table.name, table]));
    for (const [name, source] of input.tables) {
      const table = catalog.get(name);
      if (!table) {
        throw new Error(`the archive has table ${name}, which the schema at its migration does not`);
      }
      const columns = new Set(table.columns.map((column) => `${column.name}:${column.type}`));
      const differs =
        source.columns.length !== columns.size || source.columns.some((column) => !columns.has(`${column.name}:${column.type}`));
      if (differs || source.columns.some((column) => !TYPE_NAME.test(column.type))) {
        throw new Error(`the archive's columns of ${name} differ from the schema at its migration`);
      }
    }
    const order = tablesInDependencyOrder([...input.tables.keys()], await schemaReferences(tx));
    // Migrations may seed rows (the migrations table's own, a default tenant): the archive's rows
    // replace them. Only tables holding rows are emptied, so the append-only audit table, whose
    // trigger refuses deletes, is left alone while it is empty.
    for (const name of [...order].reverse()) {
      const seeded = await sql<{ seeded: boolean }>`select exists (select 1 from ${sql.table(name)}) as seeded`.execute(tx.getKysely());
      if (seeded.rows[0]?.seeded) {
        await sql`delete from ${sql.table(name)}`.execute(tx.getKysely());
      }
    }
    const counts = new Map<string, number>();
    for (const name of order) {
      const source = input.tables.get(name);
      if (!source) {
        continue;
      }
      let count = 0;
      for await (const page of source.rows()) {
        await insertPage(tx, name, source.columns, page);
        count += page.length;
      }
      if (count !== source.expectedRows) {
        throw new Error(`table ${name} holds ${count} rows in the archive where its manifest counts ${source.expectedRows}`);
      }
      counts.set(name, count);
    }
    for (const sequence of input.sequences) {
      await sql`select setval(${sequence.name}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`.execute(tx.getKysely());
    }

    return counts;
  });
