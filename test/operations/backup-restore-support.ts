import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '@switchyard/db/orm';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { writeHomeFiles } from '../support/webhooks/receiver-harness.ts';

export type Kind = 'pglite' | 'postgresql';

export const sha256 = (content: Buffer | string): string => createHash('sha256').update(content).digest('hex');

/** A source database with data in it (migrated), or an empty target of either kind. */
export const sourceDatabase = (kind: Kind, serverUrl: string | undefined): Promise<TestDatabase> =>
  // '' rather than undefined: undefined would take the default, DATABASE_URL.
  createTestDatabase(kind === 'postgresql' ? serverUrl : '');

/** An empty target: a new database on the server (never migrated), or a new empty folder. */
export const emptyTarget = async (kind: Kind, serverUrl: string | undefined): Promise<TestDatabase> => {
  if (kind === 'postgresql') {
    return createTestDatabase(serverUrl, { empty: true });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-restore-'));
  const { rmSync } = await import('node:fs');

  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
};

export const SUBSCRIPTIONS = {
  nightly: { secret: 'nightly-secret-0123', deliver: 'log', prompt: 'Handle {job}' },
  orders: { secret: 'orders-secret-4567', deliver: 'log', prompt: 'Order {id}' },
};

/** A receiver home with a configuration, two subscriptions, a script and a skill. */
export const sourceHome = (): string => {
  const home = mkdtempSync(join(tmpdir(), 'switchyard-backup-home-'));
  writeHomeFiles(home, {
    'config.yaml': 'platforms:\n  webhook:\n    enabled: true\n    extra:\n      host: 127.0.0.1\n      port: 0\n',
    'webhook_subscriptions.json': JSON.stringify(SUBSCRIPTIONS),
    'scripts/pass.sh': '#!/bin/sh\ncat\n',
    'skills/triage/SKILL.md': '# Triage\n',
  });

  return home;
};

/** The URL the webhook receiver logged once listening. */
export const receiverUrl = (output: string): string | undefined => {
  for (const line of output.split('\n')) {
    if (line.startsWith('{')) {
      try {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'webhook receiver listening' && entry.url) {
          return entry.url;
        }
      } catch {
        // Not a log line.
      }
    }
  }

  return undefined;
};

export const postSigned = async (url: string, route: string, secret: string, payload: unknown): Promise<number> => {
  const body = JSON.stringify(payload);
  const response = await fetch(`${url}/webhooks/${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': githubSignature(secret, body),
    },
    body,
  });
  await response.arrayBuffer();

  return response.status;
};

/** Rows per table and the documents, read straight from a database (the test process opens it). */
export const readRestored = async (
  target: TestDatabase,
): Promise<{ rows: Map<string, number>; documents: { id: string; claimNumber: string; storageName: string }[] }> => {
  const db = await target.open();
  try {
    const k = db.fork().getKysely();
    const tables = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind in ('r', 'p')`.execute(k);
    const rows = new Map<string, number>();
    for (const { name } of tables.rows) {
      const counted = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(k);
      rows.set(name, Number(counted.rows[0]?.n ?? -1));
    }
    const documents = await sql<{ id: string; claim_number: string; storage_name: string }>`
      select d.id, c.claim_number, d.storage_name from claims_document d join claims_claim c on c.id = d.claim_id`.execute(k);

    return { rows, documents: documents.rows.map((row) => ({ id: row.id, claimNumber: row.claim_number, storageName: row.storage_name })) };
  } finally {
    await db.close();
  }
};

export const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
