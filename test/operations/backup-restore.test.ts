import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakeBody } from '../support/claims-client.ts';
import { PDF_BYTES, uploadForm } from '../support/multipart.ts';
import { SERVICE_STAFF_KEY, startService, type ServiceProcess } from '../support/embedded/service-process.ts';
import { platformAnswers, startFakePlatform, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { FAST_WEBHOOK_ENV } from '../support/webhooks/receiver-harness.ts';
import { runCli } from '../support/webhooks/run-cli.ts';
import type { TestDatabase } from '../support/webhooks/test-database.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';
import {
  emptyTarget,
  postSigned,
  readJson,
  readRestored,
  receiverUrl,
  sha256,
  sourceDatabase,
  sourceHome,
  SUBSCRIPTIONS,
  type Kind,
} from './backup-restore-support.ts';

// Restoring into the other kind needs a PostgreSQL server: both directions run with DATABASE_URL;
// without it, the embedded database is backed up and restored into a new embedded folder.
const serverUrl = process.env.DATABASE_URL;
const directions: [Kind, Kind][] = serverUrl
  ? [
      ['pglite', 'postgresql'],
      ['postgresql', 'pglite'],
    ]
  : [['pglite', 'pglite']];

/** Each stream stops once the backup has finished, or after this many steps. */
const MAX_STEPS = 25;

type Manifest = {
  database: Kind;
  lastMigration: string;
  migrations: string[];
  tables: { name: string; rows: number }[];
  parts: { name: string; sha256: string }[];
};

let model: FakePlatform;
const cleanups: (() => Promise<void> | void)[] = [];
const workDir = mkdtempSync(join(tmpdir(), 'switchyard-backups-'));

beforeAll(async () => {
  model = await startFakePlatform(platformAnswers.model);
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) {
    await cleanup();
  }
  await model?.close();
  rmSync(workDir, { recursive: true, force: true });
});

const serviceEnv = (database: TestDatabase, home: string) => ({
  ...database.env,
  SWITCHYARD_HOME: home,
  ...FAST_WEBHOOK_ENV,
  AGENT_BASE_URL: model.url,
  AGENT_MODEL: 'm',
});

const started = async (env: Record<string, string | undefined>): Promise<{ service: ServiceProcess; webhooks: string }> => {
  const service = await startService(env);
  cleanups.push(() => service.kill());
  const webhooks = await waitFor(() => receiverUrl(service.output()), 30_000, 'the webhook receiver to listen');

  return { service, webhooks: webhooks ?? '' };
};

const intake = async (claimsUrl: string, ip: string): Promise<string> => {
  const response = await fetch(`${claimsUrl}/api/intake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(intakeBody()),
  });
  const body = (await response.json()) as { claim_number?: string };
  expect(response.status, JSON.stringify(body)).toBe(201);

  return body.claim_number ?? '';
};

const upload = async (claimsUrl: string, claimNumber: string, label: string): Promise<{ id: string; sha: string }> => {
  const content = Buffer.concat([PDF_BYTES, Buffer.from(`% ${label}\n`)]);
  const answer = await uploadForm(
    `${claimsUrl}/api/staff/claims/${claimNumber}/documents`,
    { files: [{ name: `${label}.pdf`, type: 'application/pdf', content }] },
    { 'X-Staff-Key': SERVICE_STAFF_KEY, 'X-Forwarded-For': '10.9.9.9' },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);

  return { id: (answer.body as { id: string }).id, sha: sha256(content) };
};

/** One archive per direction, written in the first test and restored in the second. */
const archives = new Map<string, { file: string; manifest: Manifest; uploaded: Map<string, string> }>();

describe.each(directions)('backup of the %s database restored into %s', (sourceKind, targetKind) => {
  const key = `${sourceKind}->${targetKind}`;

  it('writes one consistent archive while intakes, uploads and webhook POSTs keep arriving', async () => {
    const source = await sourceDatabase(sourceKind, serverUrl);
    cleanups.push(() => source.dispose());
    const home = sourceHome();
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    const { service, webhooks } = await started(serviceEnv(source, home));

    // Some of everything before the backup starts.
    const claimNumbers = [await intake(service.claimsUrl, '10.1.0.1'), await intake(service.claimsUrl, '10.1.0.2')];
    const uploaded = new Map<string, string>();
    for (const [index, claimNumber] of claimNumbers.entries()) {
      const document = await upload(service.claimsUrl, claimNumber, `before-${index}`);
      uploaded.set(document.id, document.sha);
    }
    expect(await postSigned(webhooks, 'nightly', SUBSCRIPTIONS.nightly.secret, { job: 'before' })).toBe(202);

    const file = join(workDir, `${sourceKind}-${targetKind}.switchyard.tgz`);
    let finished = false;
    const backup = runCli(['backup', file], { ...source.env, SWITCHYARD_HOME: home, LOG_LEVEL: 'warn' }).finally(() => {
      finished = true;
    });
    const stepsBeforeEnd = { intakes: 0, uploads: 0, posts: 0 };
    const stream = async (kind: keyof typeof stepsBeforeEnd, step: (index: number) => Promise<void>) => {
      for (let index = 0; index < MAX_STEPS && !finished; index += 1) {
        await step(index);
        stepsBeforeEnd[kind] += finished ? 0 : 1;
      }
    };
    await Promise.all([
      stream('intakes', async (index) => {
        claimNumbers.push(await intake(service.claimsUrl, `10.2.${index}.1`));
      }),
      stream('uploads', async (index) => {
        const document = await upload(service.claimsUrl, claimNumbers[index % claimNumbers.length] ?? '', `during-${index}`);
        uploaded.set(document.id, document.sha);
      }),
      stream('posts', async (index) => {
        expect(
          await postSigned(
            webhooks,
            index % 2 === 0 ? 'nightly' : 'orders',
            index % 2 === 0 ? SUBSCRIPTIONS.nightly.secret : SUBSCRIPTIONS.orders.secret,
            { job: index },
          ),
        ).toBe(202);
      }),
    ]);
    const result = await backup;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Backed up \d+ rows in \d+ tables, \d+ documents and 4 webhook state files to /);
    // Each stream had work done while the backup ran.
    expect(stepsBeforeEnd.intakes + stepsBeforeEnd.uploads + stepsBeforeEnd.posts).toBeGreaterThan(0);

    const { extract } = await import('tar-stream');
    const { createGunzip } = await import('node:zlib');
    const { createReadStream } = await import('node:fs');
    const entries = new Map<string, Buffer>();
    const reader = extract();
    reader.on('entry', (header, entry, next) => {
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
      entry.on('end', () => {
        entries.set(header.name, Buffer.concat(chunks));
        next();
      });
    });
    const { pipeline } = await import('node:stream/promises');
    await pipeline(createReadStream(file), createGunzip(), reader);
    const manifest = JSON.parse(entries.get('manifest.json')?.toString() ?? '{}') as Manifest;

    expect(manifest.database).toBe(sourceKind);
    // Every table of the schema, the migrations table included, with its rows counted.
    const live = await readRestored(source);
    const tableNames = manifest.tables.map((table) => table.name);
    expect(tableNames).toContain('mikro_orm_migrations');
    expect(tableNames).toContain('claims_document');
    expect(tableNames).toContain('webhook_delivery');
    expect(new Set(tableNames)).toEqual(new Set(live.rows.keys()));
    for (const part of manifest.parts) {
      expect(sha256(entries.get(part.name) ?? Buffer.alloc(0)), part.name).toBe(part.sha256);
    }
    // One snapshot: every document row has its file in the archive, and the tables agree.
    const rowsOf = (name: string) => manifest.tables.find((table) => table.name === name)?.rows ?? -1;
    const uploadParts = manifest.parts.filter((part) => part.name.startsWith('uploads/'));
    expect(uploadParts).toHaveLength(rowsOf('claims_document'));
    expect(rowsOf('claims_document')).toBeGreaterThanOrEqual(2);
    expect(rowsOf('claims_claim')).toBeGreaterThanOrEqual(2);
    expect(rowsOf('webhook_delivery')).toBeGreaterThanOrEqual(1);
    expect(rowsOf('mikro_orm_migrations')).toBe(manifest.migrations.length);
    expect(
      manifest.parts
        .filter((part) => part.name.startsWith('home/'))
        .map((part) => part.name)
        .sort(),
    ).toEqual(['home/config.yaml', 'home/scripts/pass.sh', 'home/skills/triage/SKILL.md', 'home/webhook_subscriptions.json']);

    await service.stop();
    archives.set(key, { file, manifest, uploaded });
  }, 400_000);

  it('restores into an empty database of the other kind: every row, every document, every subscription', async () => {
    const archive = archives.get(key);
    expect(archive, 'the backup test wrote the archive').toBeDefined();
    if (!archive) {
      return;
    }
    const target = await emptyTarget(targetKind, serverUrl);
    cleanups.push(() => target.dispose());
    const home = mkdtempSync(join(tmpdir(), 'switchyard-restored-home-'));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));

    const restored = await runCli(['restore', archive.file], { ...target.env, SWITCHYARD_HOME: home, LOG_LEVEL: 'warn' });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(new RegExp(`^Restored \\d+ rows in ${archive.manifest.tables.length} tables`));

    // Every row the manifest counts, table by table, before any service touches the data.
    const found = await readRestored(target);
    for (const table of archive.manifest.tables) {
      expect(found.rows.get(table.name), table.name).toBe(table.rows);
    }
    expect(found.documents).toHaveLength(archive.manifest.tables.find((table) => table.name === 'claims_document')?.rows ?? -1);

    // The real service on the restored data: every document downloads with its checksum.
    const { service, webhooks } = await started(serviceEnv(target, home));
    for (const document of found.documents) {
      const response = await fetch(`${service.claimsUrl}/api/claims/${document.claimNumber}/documents/${document.id}`, {
        headers: { 'X-Staff-Key': SERVICE_STAFF_KEY, 'X-Forwarded-For': '10.8.8.8' },
      });
      expect(response.status, document.id).toBe(200);
      const body = Buffer.from(await response.arrayBuffer());
      expect(sha256(body)).toBe(archive.manifest.parts.find((part) => part.name === `uploads/${document.storageName}`)?.sha256);
      expect(sha256(body)).toBe(archive.uploaded.get(document.id));
    }
    // Every subscription answers with its secret, and only with it.
    const subscriptions = readJson<Record<string, { secret: string }>>(join(home, 'webhook_subscriptions.json'));
    expect(Object.keys(subscriptions).sort()).toEqual(['nightly', 'orders']);
    for (const [route, subscription] of Object.entries(subscriptions)) {
      expect(await postSigned(webhooks, route, subscription.secret, { restored: true }), route).toBe(202);
      expect(await postSigned(webhooks, route, 'not-the-secret', { restored: true }), route).toBe(401);
    }
    expect(readFileSync(join(home, 'scripts', 'pass.sh'), 'utf8')).toBe('#!/bin/sh\ncat\n');
    // Sequences continue where the archive left them: a new intake gets a fresh number.
    const claimNumber = await intake(service.claimsUrl, '10.3.0.1');
    const known = new Set(found.documents.map((document) => document.claimNumber));
    expect(known.has(claimNumber)).toBe(false);
    await service.stop();
  }, 400_000);
});
