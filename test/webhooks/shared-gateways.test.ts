import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { startGatewayProcess, waitForExit, type GatewayProcess } from '../support/webhooks/gateway-process.ts';
import { FAST_WEBHOOK_ENV, writeHomeFiles } from '../support/webhooks/receiver-harness.ts';
import { runCli } from '../support/webhooks/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

const RATE_LIMIT = 6;
/** What the gateways promise: a change made on one machine is served by every gateway within this. */
const PROPAGATION_MS = 2_000;
const CONFIG = `platforms:\n  webhook:\n    enabled: true\n    extra:\n      host: 127.0.0.1\n      port: 0\n      rate_limit: ${RATE_LIMIT}\n`;

const post = async (gateway: GatewayProcess, route: string, secret: string, body = JSON.stringify({ n: randomUUID() })) => {
  const response = await fetch(`${gateway.url}/webhooks/${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': githubSignature(secret, body),
    },
    body,
  });
  await response.arrayBuffer();

  return response.status;
};

/** A request signed with a key no route has: 404 while the route is not served, 401 once it is (and nothing is counted). */
const served = async (gateway: GatewayProcess, route: string): Promise<boolean> =>
  (await post(gateway, route, `not-the-secret-${randomUUID()}`)) === 401;

const subscriptionsOf = (home: string): Record<string, { secret?: string }> =>
  JSON.parse(readFileSync(join(home, 'webhook_subscriptions.json'), 'utf8')) as Record<string, { secret?: string }>;

// The embedded database has one owner process: gateways on several machines share a PostgreSQL server.
describe.skipIf(!process.env.DATABASE_URL)('webhook gateways of one PostgreSQL database on two machines (needs DATABASE_URL)', () => {
  let testDb: TestDatabase;
  const homes: string[] = [];
  const gateways: GatewayProcess[] = [];
  const cli = (home: string, args: string[]) => runCli(['webhook', ...args], { SWITCHYARD_HOME: home, ...testDb.env });
  const gateway = (index: number): GatewayProcess => {
    const found = gateways[index];
    if (found === undefined) {
      throw new Error(`gateway ${index} did not start`);
    }

    return found;
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    for (let index = 0; index < 2; index += 1) {
      const home = mkdtempSync(join(tmpdir(), `switchyard-machine-${index}-`));
      writeHomeFiles(home, { 'config.yaml': CONFIG });
      homes.push(home);
    }
    for (const home of homes) {
      gateways.push(await startGatewayProcess(home, { ...testDb.env, ...FAST_WEBHOOK_ENV, WEBHOOK_RECEIVER_PROCESSES: '1' }));
    }
  }, 90_000);

  afterAll(async () => {
    for (const running of gateways) {
      if (running.child.exitCode === null) {
        running.child.kill('SIGTERM');
        await waitForExit(running.child);
      }
    }
    await testDb?.dispose();
    for (const home of homes) {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('serves a subscription made with the CLI on one machine from the gateway of the other within 2 s', async () => {
    const [homeA, homeB] = homes as [string, string];
    expect(await served(gateway(1), 'made-on-a')).toBe(false);
    const made = await cli(homeA, ['subscribe', 'made-on-a', '--deliver', 'log', '--prompt', 'event {n}', '--json']);
    expect(made.code, made.stderr).toBe(0);
    const { secret } = JSON.parse(made.stdout) as { secret: string };
    await waitFor(() => served(gateway(1), 'made-on-a'), PROPAGATION_MS, 'the other machine to serve the new subscription');
    expect(await post(gateway(1), 'made-on-a', secret)).toBe(202);
    // The other machine's subscriptions file is its local copy, written by its gateway.
    expect(subscriptionsOf(homeB)['made-on-a']?.secret).toBe(secret);
    expect(subscriptionsOf(homeA)['made-on-a']?.secret).toBe(secret);
  }, 180_000);

  it('propagates a new secret given on the other machine, and the old one stops working everywhere', async () => {
    const [homeA, homeB] = homes as [string, string];
    const made = await cli(homeA, ['subscribe', 'rotated', '--deliver', 'log', '--prompt', 'event {n}', '--json']);
    expect(made.code, made.stderr).toBe(0);
    const oldSecret = (JSON.parse(made.stdout) as { secret: string }).secret;
    // Machine B's CLI finds the subscription made on machine A (its gateway may not have written it yet).
    const newSecret = `whsec_${randomBytes(32).toString('base64')}`;
    const changed = await cli(homeB, ['update', 'rotated', '--secret', newSecret, '--json']);
    expect(changed.code, changed.stderr).toBe(0);
    await waitFor(async () => (await post(gateway(0), 'rotated', newSecret)) === 202, PROPAGATION_MS, 'machine A to take the new secret');
    expect(await post(gateway(0), 'rotated', oldSecret)).toBe(401);
    expect(await post(gateway(1), 'rotated', oldSecret)).toBe(401);
    expect(await post(gateway(1), 'rotated', newSecret)).toBe(202);
    expect(subscriptionsOf(homeA).rotated?.secret).toBe(newSecret);
  }, 180_000);

  it('stops serving a removed subscription on every gateway within 2 s, and the removal stays removed', async () => {
    const [homeA, homeB] = homes as [string, string];
    const made = await cli(homeB, ['subscribe', 'short-lived', '--deliver', 'log', '--prompt', 'event {n}']);
    expect(made.code, made.stderr).toBe(0);
    await waitFor(() => served(gateway(0), 'short-lived'), PROPAGATION_MS, 'machine A to serve the subscription');
    const removed = await cli(homeA, ['remove', 'short-lived']);
    expect(removed.code, removed.stderr).toBe(0);
    await waitFor(async () => (await post(gateway(1), 'short-lived', 'any')) === 404, PROPAGATION_MS, 'machine B to stop serving it');
    expect(await post(gateway(0), 'short-lived', 'any')).toBe(404);
    expect(Object.hasOwn(subscriptionsOf(homeB), 'short-lived')).toBe(false);
    // Removing it again is refused on either machine: it is gone from both.
    const again = await cli(homeB, ['remove', 'short-lived']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('no subscription named "short-lived"');
  }, 180_000);

  it('changes nothing anywhere when the CLI refuses a change', async () => {
    const [homeA, homeB] = homes as [string, string];
    const before = { a: subscriptionsOf(homeA), b: subscriptionsOf(homeB) };
    const refused = await cli(homeA, ['subscribe', 'Bad Name', '--deliver', 'log']);
    expect(refused.code).toBe(1);
    // It exists (made on machine A): machine B's CLI refuses to replace it by accident, and its secret stays.
    const taken = await cli(homeB, [
      'subscribe',
      'made-on-a',
      '--deliver',
      'log',
      '--secret',
      `whsec_${randomBytes(32).toString('base64')}`,
    ]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('a subscription named "made-on-a" exists');
    const unknown = await cli(homeB, ['update', 'never-made', '--prompt', 'x']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no subscription named "never-made"');
    expect(subscriptionsOf(homeA)).toEqual(before.a);
    expect(subscriptionsOf(homeB)).toEqual(before.b);
    const secret = before.a['made-on-a']?.secret ?? '';
    expect(await post(gateway(0), 'made-on-a', secret)).toBe(202);
    expect(await post(gateway(1), 'made-on-a', secret)).toBe(202);
  }, 180_000);

  it("counts a route's rate limit once for both gateways together", async () => {
    const made = await cli(homes[0] ?? '', ['subscribe', 'limited', '--deliver', 'log', '--prompt', 'event {n}', '--json']);
    expect(made.code, made.stderr).toBe(0);
    const { secret } = JSON.parse(made.stdout) as { secret: string };
    // Waiting with a wrong signature counts nothing: the limit counts authenticated requests only.
    await waitFor(() => served(gateway(1), 'limited'), PROPAGATION_MS, 'machine B to serve the subscription');
    const minuteAtStart = Math.floor(Date.now() / 60_000);
    const statuses: number[] = [];
    for (let n = 0; n < RATE_LIMIT * 2; n += 1) {
      statuses.push(await post(gateway(n % 2), 'limited', secret));
    }
    const minuteAtEnd = Math.floor(Date.now() / 60_000);
    const accepted = statuses.filter((status) => status === 202).length;
    const refused = statuses.filter((status) => status === 429).length;
    expect(accepted + refused).toBe(statuses.length);
    // Counted per process, each gateway would have accepted RATE_LIMIT. Across a minute's turn the
    // sliding window lets at most one more through.
    if (minuteAtStart === minuteAtEnd) {
      expect(accepted).toBe(RATE_LIMIT);
    } else {
      expect(accepted).toBeGreaterThanOrEqual(RATE_LIMIT);
      expect(accepted).toBeLessThanOrEqual(RATE_LIMIT + 1);
    }
    // Both gateways refused some: neither counted on its own.
    expect(statuses.filter((status, index) => status === 429 && index % 2 === 0).length).toBeGreaterThan(0);
    expect(statuses.filter((status, index) => status === 429 && index % 2 === 1).length).toBeGreaterThan(0);
  }, 180_000);
});
