import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@switchyard/db/orm';
import { filesUnder } from '../../apps/api/src/backup/state-files.ts';
import { runCli, type CliResult } from '../support/webhooks/run-cli.ts';
import type { TestDatabase } from '../support/webhooks/test-database.ts';
import { readArchive, writeArchive } from './archive-rewrite.ts';
import { emptyTarget, sourceDatabase, sourceHome, type Kind } from './backup-restore-support.ts';

// The refusals are the same for both kinds; each run checks its own (DATABASE_URL or embedded).
const serverUrl = process.env.DATABASE_URL;
const kind: Kind = serverUrl ? 'postgresql' : 'pglite';

let source: TestDatabase;
let sourceHomeDir: string;
const workDir = mkdtempSync(join(tmpdir(), 'switchyard-refusals-'));
const archive = join(workDir, 'good.tgz');
const disposables: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  source = await sourceDatabase(kind, serverUrl);
  sourceHomeDir = sourceHome();
  const written = await runCli(['backup', archive], { ...source.env, SWITCHYARD_HOME: sourceHomeDir, LOG_LEVEL: 'warn' });
  expect(written.code, written.stderr).toBe(0);
}, 240_000);

afterAll(async () => {
  for (const dispose of disposables) {
    await dispose();
  }
  await source?.dispose();
  rmSync(sourceHomeDir, { recursive: true, force: true });
  rmSync(workDir, { recursive: true, force: true });
});

/** A fresh empty target and an empty receiver home. */
const freshTarget = async () => {
  const target = await emptyTarget(kind, serverUrl);
  const home = mkdtempSync(join(tmpdir(), 'switchyard-refusal-home-'));
  disposables.push(
    () => target.dispose(),
    () => rmSync(home, { recursive: true, force: true }),
  );

  return { target, home, env: { ...target.env, SWITCHYARD_HOME: home, LOG_LEVEL: 'warn' } };
};

/** The target holds nothing after a refusal: no table, no file, no webhook state. */
const expectUntouched = async (target: TestDatabase, home: string) => {
  expect(await filesUnder(home)).toEqual([]);
  if (serverUrl && target.env.DATABASE_URL) {
    const { serverSchemaObjects } = await import('@switchyard/db/backup/server-schema-empty');
    expect(await serverSchemaObjects(target.env.DATABASE_URL)).toBe(0);
  }
  expect(await filesUnder(target.env.DATA_DIR)).toEqual([]);
};

const expectOneLine = (result: CliResult, pattern: RegExp) => {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).toMatch(pattern);
};

describe(`switchyard restore refuses, changing nothing (${kind})`, () => {
  it('a database that already holds data', async () => {
    const rowsBefore = await countMigrationRows(source);
    const home = mkdtempSync(join(tmpdir(), 'switchyard-refusal-home-'));
    disposables.push(() => rmSync(home, { recursive: true, force: true }));
    const result = await runCli(['restore', archive], { ...source.env, SWITCHYARD_HOME: home, LOG_LEVEL: 'warn' });
    expectOneLine(result, serverUrl ? /the PostgreSQL database is not empty/ : /DATA_DIR .* is not empty/);
    expect(await countMigrationRows(source)).toBe(rowsBefore);
    expect(await filesUnder(home)).toEqual([]);
  }, 120_000);

  it('a SWITCHYARD_HOME that already holds webhook state', async () => {
    const { target } = await freshTarget();
    const result = await runCli(['restore', archive], { ...target.env, SWITCHYARD_HOME: sourceHomeDir, LOG_LEVEL: 'warn' });
    expectOneLine(result, /SWITCHYARD_HOME .* already holds webhook state/);
    expect(await filesUnder(target.env.DATA_DIR)).toEqual([]);
  }, 120_000);

  it('an archive damaged in transit (bytes changed in the middle)', async () => {
    const { target, home, env } = await freshTarget();
    const damaged = join(workDir, 'damaged.tgz');
    const bytes = readFileSync(archive);
    const middle = Math.floor(bytes.length / 2);
    for (let index = middle; index < middle + 16; index += 1) {
      bytes[index] = (bytes[index] ?? 0) ^ 0xff;
    }
    writeFileSync(damaged, bytes);
    expectOneLine(await runCli(['restore', damaged], env), /the archive is damaged/);
    await expectUntouched(target, home);
  }, 120_000);

  it('an archive whose part no longer matches its checksum', async () => {
    const { target, home, env } = await freshTarget();
    const entries = await readArchive(archive);
    const tampered = entries.map(([name, content]): [string, Buffer] =>
      name === 'home/webhook_subscriptions.json'
        ? [name, Buffer.from(content.toString().replace('nightly-secret', 'changed-secret'))]
        : [name, content],
    );
    const file = join(workDir, 'tampered.tgz');
    await writeArchive(file, tampered);
    expectOneLine(
      await runCli(['restore', file], env),
      /the archive is damaged: part home\/webhook_subscriptions\.json does not match its checksum/,
    );
    await expectUntouched(target, home);
  }, 120_000);

  it('an archive from a newer schema (a migration this version does not know)', async () => {
    const { target, home, env } = await freshTarget();
    const entries = await readArchive(archive);
    const newer = entries.map(([name, content]): [string, Buffer] => {
      if (name !== 'manifest.json') {
        return [name, content];
      }
      const manifest = JSON.parse(content.toString()) as { migrations: string[]; lastMigration: string };
      manifest.migrations.push('Migration29991231000000_from_the_future');
      manifest.lastMigration = 'Migration29991231000000_from_the_future';

      return [name, Buffer.from(JSON.stringify(manifest))];
    });
    const file = join(workDir, 'newer.tgz');
    await writeArchive(file, newer);
    expectOneLine(await runCli(['restore', file], env), /newer schema \(migration Migration29991231000000_from_the_future is unknown/);
    await expectUntouched(target, home);
  }, 120_000);

  it('a file that is no archive, and one that does not exist', async () => {
    const { target, home, env } = await freshTarget();
    const notArchive = join(workDir, 'notes.txt');
    writeFileSync(notArchive, 'just some text\n');
    expectOneLine(await runCli(['restore', notArchive], env), /the archive is damaged/);
    const copy = join(workDir, 'copy.tgz');
    copyFileSync(archive, copy);
    rmSync(copy);
    expectOneLine(await runCli(['restore', copy], env), /cannot read .*copy\.tgz/);
    await expectUntouched(target, home);
  }, 120_000);
});

const countMigrationRows = async (database: TestDatabase): Promise<number> => {
  const db = await (database.env.DATABASE_URL
    ? openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR })
    : database.open());
  try {
    const result = await sql<{ n: number }>`select count(*)::int as n from mikro_orm_migrations`.execute(db.fork().getKysely());

    return Number(result.rows[0]?.n ?? -1);
  } finally {
    await db.close();
  }
};
