import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { openDatabase, type Database } from '@switchyard/db/orm';
import { migrationsList } from '@switchyard/db/migrations/index';

/**
 * A fresh database per test file: a new database on the server named by DATABASE_URL, or else a new
 * PGlite folder. Creating a PGlite cluster takes seconds, so one migrated template per migration set
 * is built once and copied.
 */
type PgClient = { connect(): Promise<void>; query(sql: string): Promise<unknown>; end(): Promise<void> };
// pg ships without type declarations; the two calls used here are typed by hand.
const { Client } = createRequire(import.meta.url)('pg') as {
  Client: new (options: { connectionString: string }) => PgClient;
};

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

const templateDir = (): string => {
  // The migrations' own text is part of the key, so an edited migration never reuses a stale template.
  const version = migrationsList.map((migration) => `${migration.name}:${migration.class.toString()}`).join('\n');
  const tag = createHash('sha256').update(version).digest('base64url').slice(0, 24);

  return join(tmpdir(), `switchyard-pglite-template-${tag}`);
};

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

export const createTestDatabase = async (serverUrl: string | undefined = process.env.DATABASE_URL): Promise<TestDatabase> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-webhooks-'));
  if (serverUrl) {
    const name = `webhooks_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await runOnServer(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();

    return {
      env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
      open: () => openDatabase({ databaseUrl, dataDir, poolSize: 4 }),
      dispose: async () => {
        await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const template = await ensurePgliteTemplate();
  mkdirSync(dataDir, { recursive: true });
  cpSync(join(template, 'pg'), join(dataDir, 'pg'), { recursive: true });

  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
