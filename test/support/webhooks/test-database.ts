import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '@switchyard/db/orm';
import { migrationsList } from '@switchyard/db/migrations/index';
import pg from 'pg';

/**
 * A fresh database per test server: a new database on the server named by DATABASE_URL, or else a new
 * PGlite folder. Creating a PGlite cluster and running every migration take seconds, so one migrated
 * template per migration set is built once (test/support/global-setup.ts builds it before the first
 * test file; a file run on its own builds it on first use) and each new database starts as a copy of
 * it: a copied folder for PGlite, `create database ... template` on PostgreSQL. `{ empty: true }`
 * gives a database no migration has touched, for the tests of the migrations themselves.
 */
const { Client } = pg;

const runOnServer = async (serverUrl: string, sql: string) => {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

export type TestDatabase = {
  /** For child processes: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite). */
  env: { DATABASE_URL?: string; DATA_DIR: string };
  open(): Promise<Database>;
  dispose(): Promise<void>;
};

// The migrations' own text is part of the key, so an edited migration never reuses a stale template.
const migrationsTag = (): string => {
  const version = migrationsList.map((migration) => `${migration.name}:${migration.class.toString()}`).join('\n');

  return createHash('sha256').update(version).digest('hex').slice(0, 24);
};

const templateDir = (): string => join(tmpdir(), `switchyard-pglite-template-${migrationsTag()}`);

const ensurePgliteTemplate = async (): Promise<string> => {
  const template = templateDir();
  if (existsSync(join(template, 'pg', 'PG_VERSION'))) {
    return template;
  }
  const building = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const db = await openDatabase({ dataDir: building });
  await db.close();
  try {
    renameSync(building, template);
  } catch {
    // Another test file finished the same template first; theirs is as good as ours.
    rmSync(building, { recursive: true, force: true });
  }

  return template;
};

const withDatabase = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  return url.toString();
};

const isDatabaseOnServer = async (serverUrl: string, name: string): Promise<boolean> => {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = (await client.query(`select 1 from pg_database where datname = '${name}'`)) as { rowCount: number | null };

    return (found.rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
};

/**
 * The migrated template database on the server. It is built under a scratch name and renamed when
 * complete, so a template that exists is always whole; two runs building it at once both finish and
 * the second rename loses harmlessly. It then refuses connections: `create database ... template`
 * fails while anyone is connected to the template.
 */
const ensurePostgresTemplate = async (serverUrl: string): Promise<string> => {
  const template = `switchyard_template_${migrationsTag()}`;
  if (await isDatabaseOnServer(serverUrl, template)) {
    return template;
  }
  const building = `${template}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${building}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-template-'));
  try {
    const db = await openDatabase({ databaseUrl: withDatabase(serverUrl, building), dataDir });
    await db.close();
    await runOnServer(serverUrl, `alter database ${building} rename to ${template}`);
    await runOnServer(serverUrl, `alter database ${template} with allow_connections false`);
  } catch (error) {
    await runOnServer(serverUrl, `drop database if exists ${building} with (force)`);
    if (!(await isDatabaseOnServer(serverUrl, template))) {
      throw error;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  return template;
};

/** Builds the migrated template for the database the tests run on (the server's, or PGlite's). */
export const ensureTestTemplate = async (serverUrl: string | undefined = process.env.DATABASE_URL): Promise<void> => {
  await (serverUrl ? ensurePostgresTemplate(serverUrl) : ensurePgliteTemplate());
};

export const createTestDatabase = async (
  serverUrl: string | undefined = process.env.DATABASE_URL,
  { empty = false }: { empty?: boolean } = {},
): Promise<TestDatabase> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-webhooks-'));
  if (serverUrl) {
    const name = `webhooks_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await runOnServer(
      serverUrl,
      empty ? `create database ${name}` : `create database ${name} template ${await ensurePostgresTemplate(serverUrl)}`,
    );
    const databaseUrl = withDatabase(serverUrl, name);

    return {
      env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
      open: () => openDatabase({ databaseUrl, dataDir, poolSize: 4 }),
      dispose: async () => {
        await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!empty) {
    const template = await ensurePgliteTemplate();
    mkdirSync(dataDir, { recursive: true });
    cpSync(join(template, 'pg'), join(dataDir, 'pg'), { recursive: true });
  }

  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
