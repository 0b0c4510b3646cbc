import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@switchyard/db/orm';
import { dumpTables, type DumpedRow } from '@switchyard/db/backup/dump-tables';
import { loadTables, type TableSource } from '@switchyard/db/backup/load-tables';
import type { CatalogColumn } from '@switchyard/db/backup/catalog';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';

// The archive's values are PostgreSQL's text forms: read on one engine, written on the other, each
// type must come back the same. With DATABASE_URL both directions run; without, embedded to embedded.
const serverUrl = process.env.DATABASE_URL;
type Kind = 'pglite' | 'postgresql';
const directions: [Kind, Kind][] = serverUrl
  ? [
      ['pglite', 'postgresql'],
      ['postgresql', 'pglite'],
    ]
  : [['pglite', 'pglite']];

const PROBE = `create table backup_value_probe (
  id bigint primary key, big bigint, amount numeric, at timestamptz, local_at timestamp, day date, span interval,
  doc jsonb, raw bytea, tags text[], counts int[], ratio double precision, flag boolean, ref uuid, note text)`;

const ROWS = `insert into backup_value_probe values
  (1, 9223372036854775807, 12345678901234567890.123456789, '2026-03-29 01:30:00.123456+02', '2026-10-25 02:30:00.5', '2026-02-28',
   '1 year 2 days 03:04:05.678', '{"a": [1, 2.5, "x"], "big": 12345678901234567890, "nested": {"s": "é\\u00e9 \\ud83d\\ude80"}}', '\\x00ff10',
   '{"a,b","c\\"d",NULL,""}', '{1,-2,NULL}', 0.1, true, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', E'line\\nbreak ''quoted'' \\\\ back'),
  (2, -9223372036854775808, -0.000000000000000001, '1970-01-01 00:00:00+00', '0001-01-01 00:00:00', '9999-12-31',
   '-3 hours', '[]', '\\x', '{}', '{}', 1e308, false, '00000000-0000-0000-0000-000000000000', ''),
  (3, null, null, null, null, null, null, 'null', null, null, null, 'NaN', null, null, null)`;

const opened: { close(): Promise<void> }[] = [];
const folders: string[] = [];
const databases: TestDatabase[] = [];

afterAll(async () => {
  for (const db of opened) {
    await db.close();
  }
  for (const database of databases) {
    await database.dispose();
  }
  folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
});

const open = async (kind: Kind): Promise<Database> => {
  let db: Database;
  if (kind === 'postgresql' && serverUrl) {
    const database = await createTestDatabase(serverUrl);
    databases.push(database);
    db = await database.open();
  } else {
    const folder = mkdtempSync(join(tmpdir(), 'switchyard-probe-'));
    folders.push(folder);
    db = await openDatabase({ dataDir: folder, inMemory: true });
  }
  opened.push(db);
  await sql.raw(PROBE).execute(db.fork().getKysely());

  return db;
};

const probeText = async (db: Database): Promise<unknown[]> =>
  db.fork().transactional(async (em) => {
    await sql`set local timezone = 'UTC'`.execute(em.getKysely());
    await sql`set local extra_float_digits = 3`.execute(em.getKysely());
    const result = await sql<Record<string, unknown>>`
      select id::text, big::text, amount::text, at::text, local_at::text, day::text, span::text, doc::text, encode(raw, 'hex') as raw,
             tags::text, counts::text, ratio::text, flag::text, ref::text, note, doc = doc as doc_equal
        from backup_value_probe order by id`.execute(em.getKysely());

    return result.rows;
  });

describe.each(directions)('a value read on %s and written on %s', (from, to) => {
  it('comes back the same for every type the archive carries', async () => {
    const source = await open(from);
    await sql.raw(ROWS).execute(source.fork().getKysely());
    // More rows than one page: the dump reads on from the last key of each page.
    await sql`insert into backup_value_probe (id, note) select g, 'row ' || g from generate_series(10, 2509) g`.execute(
      source.fork().getKysely(),
    );
    const target = await open(to);

    const pages: DumpedRow[][] = [];
    let columns: CatalogColumn[] = [];
    const dumped = await dumpTables(source.fork(), {
      open: async (table) => {
        const keep = table.name === 'backup_value_probe';
        if (keep) {
          columns = table.columns;
        }

        return { write: async (rows) => void (keep && pages.push(rows)), close: async () => undefined };
      },
    });
    expect(dumped.tables.find((table) => table.name === 'backup_value_probe')?.rows).toBe(2503);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(new Set(pages.flat().map((row) => row[0])).size).toBe(2503);

    const tables = new Map<string, TableSource>([
      [
        'backup_value_probe',
        {
          columns,
          expectedRows: 2503,
          rows: async function* () {
            yield* pages;
          },
        },
      ],
    ]);
    const loaded = await loadTables(target.fork(), { tables, sequences: [] });
    expect(loaded.get('backup_value_probe')).toBe(2503);
    const before = await probeText(source);
    expect(before).toHaveLength(2503);
    expect(await probeText(target)).toEqual(before);
  }, 240_000);

  it('refuses rows written with other columns than the schema has', async () => {
    const target = await open(to);
    const columns: CatalogColumn[] = [
      { name: 'id', type: 'bigint' },
      ...['big', 'amount', 'at', 'local_at', 'day', 'span', 'doc', 'raw', 'tags', 'counts', 'ratio', 'flag', 'ref', 'note'].map((name) => ({
        name,
        type: 'text',
      })),
    ];
    const tables = new Map<string, TableSource>([['backup_value_probe', { columns, expectedRows: 0, rows: async function* () {} }]]);
    await expect(loadTables(target.fork(), { tables, sequences: [] })).rejects.toThrow(/columns of backup_value_probe differ/);
  }, 240_000);
});
