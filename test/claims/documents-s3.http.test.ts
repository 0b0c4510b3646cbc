import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { freshIp, snapshotCounts, submitAndSignIn } from '../support/claims-client.ts';
import { PDF_BYTES, uploadChunked, uploadForm } from '../support/multipart.ts';
import { startTestS3, type TestS3 } from '../support/s3-server.ts';
import { runCli } from '../support/webhooks/run-cli.ts';
import { emptyTarget, readRestored } from '../operations/backup-restore-support.ts';

/**
 * UPLOAD_STORE=s3 against a real S3-compatible server on loopback: two services on one database,
 * each with its own (empty) data folder, so whatever one serves of the other's uploads came from the
 * bucket. On PostgreSQL each has its own connection pool, as two API processes would.
 */
const BUCKET = 'claims-documents-test';
const KEY_PREFIX = 'claims-documents/';

let s3: TestS3;
let first: TestClaims;
let second: TestClaims;
const workDir = mkdtempSync(join(tmpdir(), 'switchyard-s3-test-'));

beforeAll(async () => {
  s3 = await startTestS3();
  await s3.createBucket(BUCKET);
  first = await startTestClaims(s3.env(BUCKET));
  // The outbox is shared: whichever service sends a sign-in mail sends it to the first one's sink.
  second = await startTestClaims({ ...s3.env(BUCKET), SMTP_URL: first.smtp.url }, first);
}, 120_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
  await s3?.close();
  rmSync(workDir, { recursive: true, force: true });
});

const sha256 = (content: Buffer | Uint8Array) => createHash('sha256').update(content).digest('hex');

const upload = (claims: TestClaims, claimNumber: string, token: string, file: { name: string; type: string; content: Buffer }) =>
  uploadForm(
    `${claims.url}/api/claims/${claimNumber}/documents`,
    { files: [file] },
    { Authorization: `Bearer ${token}`, 'X-Forwarded-For': freshIp() },
  );

const download = (claims: TestClaims, claimNumber: string, documentId: string) =>
  fetch(`${claims.url}/api/claims/${claimNumber}/documents/${documentId}`, { headers: { 'X-Staff-Key': claims.staffKey } });

const objectKeys = async () => [...(await s3.objects(BUCKET)).keys()].sort();

/** A PDF of `bytes` bytes: the magic bytes, then filler. */
const pdfOf = (bytes: number) => Buffer.concat([PDF_BYTES, Buffer.alloc(bytes - PDF_BYTES.length, 0x20)]);

describe('documents in an S3-compatible store', () => {
  it('stores an upload in the bucket, not on disk, and another service streams it back whole', async () => {
    const { token, claimNumber } = await submitAndSignIn(first);
    // Over one multipart part (5 MiB), so the streamed multipart upload is what stores it.
    const content = pdfOf(7 * 1024 * 1024 + 123);
    const answer = await upload(first, claimNumber, token, { name: 'statement.pdf', type: 'application/pdf', content });
    expect(answer.status).toBe(201);
    expect(answer.body.size_bytes).toBe(content.length);

    const rows = await first.db
      .fork()
      .execute<{ storage_name: string }[]>('select storage_name from claims_document where id = ?', [answer.body.id]);
    const stored = (await s3.objects(BUCKET)).get(`${KEY_PREFIX}${rows[0]?.storage_name}`);
    expect(stored && sha256(stored)).toBe(sha256(content));
    expect(first.uploadedFiles()).toEqual([]);
    expect(second.uploadedFiles()).toEqual([]);

    for (const reader of [second, first]) {
      const got = await download(reader, claimNumber, answer.body.id);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-length')).toBe(String(content.length));
      expect(sha256(new Uint8Array(await got.arrayBuffer()))).toBe(sha256(content));
    }
    // The client reads it through the other service too, with the session made on the first.
    const asClient = await fetch(`${second.url}/api/claims/${claimNumber}/documents/${answer.body.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(asClient.status).toBe(200);
    expect(sha256(new Uint8Array(await asClient.arrayBuffer()))).toBe(sha256(content));
  }, 120_000);

  it('keeps no object and no row of an upload refused after it was stored (a type the checks refuse)', async () => {
    const { token, claimNumber } = await submitAndSignIn(first);
    const keys = await objectKeys();
    const before = await snapshotCounts(first);
    const answer = await upload(first, claimNumber, token, {
      name: 'page.pdf',
      type: 'application/pdf',
      content: Buffer.from('<html><body>not a pdf</body></html>'),
    });
    expect(answer.status).toBe(415);
    expect(await snapshotCounts(first)).toEqual(before);
    expect(await objectKeys()).toEqual(keys);
  }, 60_000);

  it('cuts off a streamed upload over 20 MB with 413 and keeps no object, no parts and no row', async () => {
    const { token, claimNumber } = await submitAndSignIn(first);
    const keys = await objectKeys();
    const before = await snapshotCounts(first);
    const answer = await uploadChunked(`${first.url}/api/claims/${claimNumber}/documents`, {
      fileName: 'huge.pdf',
      type: 'application/pdf',
      head: PDF_BYTES,
      totalBytes: 21 * 1024 * 1024,
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': freshIp() },
    });
    expect(answer.status).toBe(413);
    expect(await snapshotCounts(first)).toEqual(before);
    expect(await objectKeys()).toEqual(keys);
  }, 120_000);

  it('answers 503 with Retry-After while the store is down, keeping nothing, and serves again once it is back', async () => {
    const { token, claimNumber } = await submitAndSignIn(first);
    const kept = await upload(first, claimNumber, token, { name: 'kept.pdf', type: 'application/pdf', content: pdfOf(4096) });
    expect(kept.status).toBe(201);
    const objects = await s3.objects(BUCKET);
    const before = await snapshotCounts(first);

    await s3.stop();
    try {
      for (const content of [pdfOf(2048), pdfOf(6 * 1024 * 1024)]) {
        const refused = await upload(second, claimNumber, token, { name: 'while-down.pdf', type: 'application/pdf', content });
        expect(refused.status, JSON.stringify(refused.body)).toBe(503);
        expect(refused.body.error.code).toBe('service_unavailable');
        expect(refused.headers.get('retry-after')).toBe('5');
      }
      const unreadable = await download(second, claimNumber, kept.body.id);
      expect(unreadable.status).toBe(503);
      expect(unreadable.headers.get('retry-after')).toBe('5');
      expect((await unreadable.json()).error.code).toBe('service_unavailable');
    } finally {
      await s3.start();
    }
    expect(await snapshotCounts(first)).toEqual(before);
    const after = await s3.objects(BUCKET);
    expect([...after.keys()].sort()).toEqual([...objects.keys()].sort());
    const again = await download(second, claimNumber, kept.body.id);
    expect(again.status).toBe(200);
    expect(sha256(new Uint8Array(await again.arrayBuffer()))).toBe(sha256(pdfOf(4096)));
  }, 120_000);

  it('backs up the documents from the bucket and restores them into an empty bucket', async () => {
    const source = first.shared.database;
    const file = join(workDir, 'from-s3.switchyard.tgz');
    const home = mkdtempSync(join(workDir, 'home-'));
    const backedUp = await runCli(['backup', file], { ...source.env, ...s3.env(BUCKET), SWITCHYARD_HOME: home, LOG_LEVEL: 'warn' });
    expect(backedUp.code, backedUp.stderr).toBe(0);
    const documentRows = await first.db.fork().execute<{ n: number }[]>('select count(*)::int as n from claims_document');
    expect(backedUp.stdout).toContain(`${documentRows[0]?.n} documents`);

    const kind = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
    const target = await emptyTarget(kind, process.env.DATABASE_URL);
    try {
      await s3.createBucket('claims-restored');
      const restoreEnv = {
        ...target.env,
        ...s3.env('claims-restored'),
        SWITCHYARD_HOME: mkdtempSync(join(workDir, 'home-')),
        LOG_LEVEL: 'warn',
      };
      const restored = await runCli(['restore', file], restoreEnv);
      expect(restored.code, restored.stderr).toBe(0);
      const { documents } = await readRestored(target);
      expect(documents.length).toBe(documentRows[0]?.n);
      const sourceObjects = await s3.objects(BUCKET);
      const restoredObjects = await s3.objects('claims-restored');
      for (const document of documents) {
        const key = `${KEY_PREFIX}${document.storageName}`;
        const copy = restoredObjects.get(key);
        expect(copy && sha256(copy)).toBe(sha256(sourceObjects.get(key) ?? Buffer.alloc(0)));
      }

      // A bucket that holds documents is never merged into.
      const again = await runCli(['restore', file], {
        ...restoreEnv,
        SWITCHYARD_HOME: mkdtempSync(join(workDir, 'home-')),
        DATA_DIR: mkdtempSync(join(workDir, 'data-')),
        ...(kind === 'postgresql' ? { DATABASE_URL: '' } : {}),
      });
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain('s3://claims-restored/claims-documents/ is not empty');
    } finally {
      await target.dispose();
    }
  }, 240_000);
});
