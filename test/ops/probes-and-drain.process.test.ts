import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { intakeBody } from '../support/claims-client.ts';
import { startHeldProvider } from '../support/held-provider.ts';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.ts';
import { createTestDatabase } from '../support/webhooks/test-database.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

const get = async (url: string) => {
  const response = await fetch(url);

  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const urlOf = (output: string, pattern: RegExp): string => pattern.exec(output)?.[1] ?? '';

describe('probes and draining on SIGTERM, in production', () => {
  it('answers the probes over plain HTTP on every service, reports not ready on SIGTERM, finishes the request in flight and exits 0', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-drain-'));
    const home = mkdtempSync(join(tmpdir(), 'switchyard-drain-home-'));
    // The bot check's provider holds its answer: the intake stays in flight until the test says.
    const captcha = await startHeldProvider({ status: 200, body: { success: true } });
    let service: ServiceProcess | null = null;
    try {
      service = await startServiceProcess({
        ...database.env,
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        CLAIMS_PORT: '0',
        TRANSPORT_PORT: '0',
        STAFF_KEY: 'drain-test-staff-key-0123456789',
        TRUST_PROXY: 'true',
        CAPTCHA_SECRET: 'captcha-secret',
        CAPTCHA_VERIFY_URL: captcha.url,
        SWITCHYARD_HOME: home,
        WEBHOOK_ENABLED: 'true',
        WEBHOOK_PORT: '0',
        SHUTDOWN_GRACE_MS: '60000',
      });
      const output = service.output();
      const claims = service.url;
      const transport = urlOf(output, /"service":"transport","url":"(http:\/\/[^"]+)","msg":"listening"/);
      const receiver = await waitFor(
        () => urlOf(service?.output() ?? '', /"url":"(http:\/\/[^"]+)"[^\n]*webhook receiver listening/) || undefined,
        30_000,
        'the receiver',
      );
      for (const base of [claims, transport, receiver]) {
        expect(await get(`${base}/livez`)).toEqual({ status: 200, body: { status: 'ok' } });
        expect(await get(`${base}/readyz`)).toEqual({ status: 200, body: { status: 'ready' } });
      }
      // Everything else still refuses plain HTTP in production.
      expect((await fetch(`${claims}/api/health`)).status).toBe(403);
      const wrongMethod = await fetch(`${claims}/readyz`, { method: 'POST' });
      expect(wrongMethod.status).toBe(405);

      const intake = fetch(`${claims}/api/intake`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https' },
        body: JSON.stringify({ ...intakeBody(), captcha_token: 'token-from-the-widget' }),
      });
      await captcha.arrived();
      const exited = new Promise<number | null>((resolve) => service?.child.once('exit', (code) => resolve(code)));
      service.child.kill('SIGTERM');

      // Not ready at once on every port, while the intake is still waiting for its provider.
      for (const base of [claims, transport, receiver]) {
        const answer = await waitFor(
          async () => {
            const probe = await get(`${base}/readyz`);

            return probe.status === 503 ? probe : undefined;
          },
          20_000,
          'readyz to turn 503',
        );
        expect(answer?.body).toEqual({ status: 'not ready', failing: 'draining' });
      }
      // Still alive: draining is not dying.
      expect((await get(`${claims}/livez`)).status).toBe(200);
      expect(service.child.exitCode).toBeNull();

      captcha.release();
      const answered = await intake;
      expect(answered.status).toBe(201);
      expect((await answered.json()) as Record<string, unknown>).toMatchObject({ claim_number: expect.any(String) });
      expect(await exited).toBe(0);
      expect(service.output()).toContain('shutting down: draining');
    } finally {
      await service?.stop();
      await captcha.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    }
  }, 180_000);
});
