import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { freshIp, submitAndSignIn } from '../support/claims-client.ts';
import { PDF_BYTES, uploadForm } from '../support/multipart.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims();
});
afterAll(async () => {
  await claims?.close();
});

describe('upload files left by an interrupted upload', () => {
  it('are removed when the service starts; recorded files and other files stay', async () => {
    const { claimNumber, token } = await submitAndSignIn(claims);
    const recorded = await uploadForm(
      `${claims.url}/api/claims/${claimNumber}/documents`,
      { files: [{ name: 'kept.pdf', type: 'application/pdf', content: PDF_BYTES }] },
      { Authorization: `Bearer ${token}`, 'X-Forwarded-For': freshIp() },
    );
    expect(recorded.status).toBe(201);
    const [recordedFile] = claims.uploadedFiles();
    expect(recordedFile).toBeDefined();
    mkdirSync(claims.uploadDir, { recursive: true });
    // What a process killed mid-upload leaves: a staged file no document row names, an hour old ...
    const stale = join(claims.uploadDir, randomUUID());
    writeFileSync(stale, PDF_BYTES.subarray(0, 10));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(stale, anHourAgo, anHourAgo);
    // ... and one written a moment ago, as a process killed just now leaves it.
    const fresh = join(claims.uploadDir, randomUUID());
    writeFileSync(fresh, PDF_BYTES.subarray(0, 10));
    // A file the service did not stage is never touched.
    const foreign = join(claims.uploadDir, 'README.txt');
    writeFileSync(foreign, 'operator notes');
    utimesSync(foreign, anHourAgo, anHourAgo);

    const restarted = await startTestClaims({ UPLOAD_DIR: claims.uploadDir }, claims);
    try {
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(foreign)).toBe(true);
      expect(existsSync(join(claims.uploadDir, recordedFile ?? ''))).toBe(true);
      // The embedded database has one owner, so nothing can still be arriving: the fresh one goes too.
      // A server database may be shared with processes whose uploads are under way: it stays until it is old.
      expect(existsSync(fresh)).toBe(claims.db.kind === 'postgresql');
      expect(restarted.logLines.some((line) => line.includes('interrupted uploads'))).toBe(true);
      const download = await fetch(`${restarted.url}/api/claims/${claimNumber}/documents/${recorded.body.id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(download.status).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});
