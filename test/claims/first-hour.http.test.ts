import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { intakeBody } from '../support/claims-client.ts';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.ts';
import { createTestDatabase } from '../support/webhooks/test-database.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

describe('the first hour with `npm start` in development', () => {
  it('keeps the generated staff key, ends start-up with a plain block, logs the sign-in link plainly and writes readable outbox files', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-first-hour-'));
    const env = {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      CLAIMS_PORT: '0',
      TRANSPORT_PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: database.env.DATABASE_URL,
      SEED_DEMO: 'false',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    };
    let service: ServiceProcess | null = null;
    try {
      service = await startServiceProcess(env);
      const output = service.output();
      const block = output.slice(output.indexOf('switchyard is running'));
      // The block names the pages on localhost, as the mailed links do (PORTAL_URL unset).
      const portal = `http://localhost:${new URL(service.url).port}`;
      expect(block).toContain('switchyard is running (development)');
      expect(block).toMatch(new RegExp(`Claim intake\\s+${portal}/\\n`));
      expect(block).toMatch(new RegExp(`Client portal\\s+${portal}/portal\\n`));
      expect(block).toMatch(new RegExp(`Staff console\\s+${portal}/staff\\n`));
      expect(block).toMatch(/Transport app\s+http:\/\/localhost:\d+\/\n/);
      expect(block).toMatch(new RegExp(`GraphiQL\\s+${portal}/graphql`));
      expect(block).toMatch(new RegExp(`Mail\\s+written as \\.eml files to ${join(dataDir, 'mail')}`));
      const key = /Staff key\s+(\S+)\s+\(kept in /.exec(block)?.[1] ?? '';
      expect(key.length).toBeGreaterThanOrEqual(16);
      // The key is kept in the data folder, readable by its owner only, and works.
      const keyFile = join(dataDir, 'staff-key');
      expect(readFileSync(keyFile, 'utf8').trim()).toBe(key);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect((await fetch(`${service.url}/api/staff/stats`, { headers: { 'X-Staff-Key': key } })).status).toBe(200);
      // Not on a terminal: every log line is JSON (the block is the only plain text).
      const logLines = output
        .slice(0, output.indexOf('\nswitchyard is running'))
        .split('\n')
        .filter((line) => line.trim() !== '');
      expect(logLines.length).toBeGreaterThan(0);
      for (const line of logLines) {
        expect(() => JSON.parse(line)).not.toThrow();
      }

      const body = intakeBody();
      expect(
        (
          await fetch(`${service.url}/api/intake`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      ).toBe(201);
      const requested = await fetch(`${service.url}/api/auth/request`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: body.client.email }),
      });
      expect(requested.status).toBe(200);
      const logged = await waitFor(
        () =>
          new RegExp(
            `sign-in link for ${body.client.email.replace(/[.+]/g, '\\$&')}: (${portal}/portal/verify\\?token=[A-Za-z0-9_-]+)`,
          ).exec(service?.output() ?? '')?.[1],
        10_000,
        'the sign-in link in the log',
      );
      // The outbox file holds the same link whole, on one line, with no quoted-printable soft breaks.
      const mailDir = join(dataDir, 'mail');
      const signInFile = await waitFor(
        () =>
          readdirSync(mailDir, { withFileTypes: true })
            .map((entry) => readFileSync(join(mailDir, entry.name), 'utf8'))
            .find((text) => text.includes('Subject: Your sign-in link')),
        10_000,
        'the sign-in mail in the outbox',
      );
      expect(signInFile).toContain('Content-Transfer-Encoding: 8bit');
      expect(signInFile).not.toMatch(/=\r?\n/);
      expect(signInFile?.split('\n')).toContain(logged);
      const token = new URL(logged ?? '').searchParams.get('token');
      expect(
        (
          await fetch(`${service.url}/api/auth/verify`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ token }),
          })
        ).status,
      ).toBe(200);

      // The next start uses the same key.
      await service.stop();
      service = await startServiceProcess(env);
      expect(service.output()).toContain(`Staff key`);
      expect(/Staff key\s+(\S+)\s+\(kept in /.exec(service.output())?.[1]).toBe(key);
    } finally {
      await service?.stop();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
