import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayRuntime, type GatewayRuntime } from '../../apps/api/src/webhooks/gateway/gateway-runtime-file.ts';
import { openServerControl, startDatabaseProxy, type DatabaseProxy } from '../support/database-faults.ts';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.ts';
import { writeHomeFiles } from '../support/webhooks/receiver-harness.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

/** How soon after the database is back every service must answer from it again. */
const ANSWER_WITHIN_MS = 10_000;

type Answer = { status: number; retryAfter: string | null; body: Record<string, unknown> } | null;

/** One request, given up after 3 s (a hung request is a null answer, as a refused connection is). */
const ask = async (url: string, init: RequestInit = {}): Promise<Answer> => {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(3_000) });

    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as Record<string, unknown>,
    };
  } catch {
    return null;
  }
};

/**
 * The whole service as `npm start` runs it (claims, transport and the webhook receiver with its
 * delivery worker in one process, one pool) on PostgreSQL, whose sessions the test ends, and
 * through a TCP proxy the test can cut: the embedded database has no server sessions to end and
 * no network to fail.
 */
describe.skipIf(!process.env.DATABASE_URL)('the service while the database drops its connections', () => {
  let database: TestDatabase;
  let service: ServiceProcess | null = null;
  let dataDir: string;
  let home: string;
  let transportUrl: string;
  let runtime: GatewayRuntime;
  let databaseName: string;
  let proxy: DatabaseProxy;

  beforeAll(async () => {
    database = await createTestDatabase();
    databaseName = new URL(database.env.DATABASE_URL ?? '').pathname.slice(1);
    proxy = await startDatabaseProxy(database.env.DATABASE_URL ?? '');
    dataDir = mkdtempSync(join(tmpdir(), 'switchyard-kills-'));
    home = mkdtempSync(join(tmpdir(), 'switchyard-kills-home-'));
    writeHomeFiles(home, {
      'config.yaml': 'platforms:\n  webhook:\n    enabled: true\n    extra:\n      host: 127.0.0.1\n      port: 0\n',
    });
    service = await startServiceProcess({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      CLAIMS_PORT: '0',
      TRANSPORT_PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: proxy.url,
      SEED_DEMO: 'false',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      SWITCHYARD_HOME: home,
      WEBHOOK_WORKER_POLL_MS: '50',
    });
    transportUrl = /"service":"transport","url":"(http:\/\/[^"]+)"/.exec(service.output())?.[1] ?? '';
    const found = readGatewayRuntime(join(home, 'gateway.runtime.json'));
    if (found === null) {
      throw new Error('the webhook receiver did not start');
    }
    runtime = found;
  }, 90_000);

  afterAll(async () => {
    await service?.stop();
    await proxy?.close();
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  const claimsHealth = () => ask(`${service?.url}/api/health`);
  const transportHealth = () => ask(`${transportUrl}/api/health`);
  // The per-address limit is counted in the database before the input is read: an empty
  // registration is refused 400 while the database answers.
  const transportWrite = () =>
    ask(`${transportUrl}/api/registrations/full`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  const deliveries = () => ask(`${runtime.url}/deliveries`, { headers: { Authorization: `Bearer ${runtime.token}` } });

  /** Every service answers from the database again, each within its own deadline. */
  const expectEveryServiceAnswers = async () => {
    const claims = await waitFor(async () => (await claimsHealth())?.body.status === 'ok', ANSWER_WITHIN_MS, 'claims health ok');
    const transport = await waitFor(async () => (await transportHealth())?.body.db === 'ok', ANSWER_WITHIN_MS, 'transport health ok');
    const written = await waitFor(
      async () => (await transportWrite())?.status === 400,
      ANSWER_WITHIN_MS,
      'a transport request reading the database',
    );
    const listed = await waitFor(async () => (await deliveries())?.body.deliveries, ANSWER_WITHIN_MS, 'the receiver to list deliveries');
    expect([claims, transport, written]).toEqual([true, true, true]);
    expect(listed).toEqual([]);
  };

  /** The sessions the service holds, by application name (its pool's have none). */
  const sessions = async (): Promise<Record<string, number>> => {
    const server = await openServerControl(database.env.DATABASE_URL ?? '');
    try {
      const { rows } = await server.client.query(
        'select application_name, count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() group by 1',
        [databaseName],
      );

      return Object.fromEntries(rows.map((row) => [String(row.application_name), Number(row.n)]));
    } finally {
      await server.close();
    }
  };

  it('answers from the database within 10 s after every backend was killed twenty times, holding the lease lock on one connection of its own', async () => {
    await expectEveryServiceAnswers();
    const server = await openServerControl(database.env.DATABASE_URL ?? '');
    try {
      for (let kill = 0; kill < 20; kill++) {
        await server.terminateAll();
        // Each kill waits until the lock is held again on a new connection, so every one of the
        // twenty finds a live lock session to end, however slow the machine (no fixed pacing).
        await waitFor(
          async () => (await sessions())['switchyard webhook lease lock'] === 1,
          ANSWER_WITHIN_MS,
          `the lease lock taken again after kill ${kill + 1}`,
        );
      }
    } finally {
      await server.close();
    }
    await expectEveryServiceAnswers();
    // The lock is taken again on a connection of its own: one, however often it was lost.
    let held: Record<string, number> = {};
    await waitFor(
      async () => {
        held = await sessions();

        return held['switchyard webhook lease lock'] === 1;
      },
      ANSWER_WITHIN_MS,
      'the lease lock taken again',
    );
    expect(held['switchyard webhook lease lock']).toBe(1);
    // Everything else is the pool's (at most its 10 connections): nothing was left behind.
    const pooled = Object.entries(held).filter(([name]) => !name.startsWith('switchyard '));
    expect(pooled.reduce((sum, [, n]) => sum + n, 0)).toBeLessThanOrEqual(10);
  }, 120_000);

  it('answers 503 with Retry-After while the database refuses connections, and from the database within 10 s once it accepts them again', async () => {
    await expectEveryServiceAnswers();
    const server = await openServerControl(database.env.DATABASE_URL ?? '');
    try {
      // Down, as during a restart or a fail-over: no session, and no new one accepted.
      await server.refuseConnections();
      const refused = await transportWrite();
      expect(refused?.status).toBe(503);
      expect(refused?.retryAfter).toBe('5');
      expect(refused?.body).toEqual({ detail: expect.stringMatching(/database/) });
      const listing = await deliveries();
      expect(listing?.status).toBe(503);
      expect(listing?.retryAfter).toBe('5');
      expect((await claimsHealth())?.body.status).toBe('degraded');
      // Killed again while down: whatever was reconnecting is cut once more.
      await server.terminateAll();
    } finally {
      await server.allowConnections();
      await server.close();
    }
    await expectEveryServiceAnswers();
    await waitFor(async () => (await sessions())['switchyard webhook lease lock'] === 1, ANSWER_WITHIN_MS, 'the lease lock taken again');
  }, 120_000);

  it('answers 503 with Retry-After while the network to the database is cut, and from the database within 10 s once it is restored', async () => {
    await expectEveryServiceAnswers();
    try {
      // Every connection cut and new ones refused, without a word from the server.
      proxy.cut();
      const refused = await transportWrite();
      expect(refused?.status).toBe(503);
      expect(refused?.retryAfter).toBe('5');
      const listing = await deliveries();
      expect(listing?.status).toBe(503);
      expect((await claimsHealth())?.body.status).toBe('degraded');
    } finally {
      proxy.restore();
    }
    await expectEveryServiceAnswers();
    await waitFor(async () => (await sessions())['switchyard webhook lease lock'] === 1, ANSWER_WITHIN_MS, 'the lease lock taken again');
  }, 120_000);
});
