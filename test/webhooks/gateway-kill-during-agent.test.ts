import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { platformAnswers, startFakePlatform, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { startGatewayProcess, waitForExit, type GatewayProcess } from '../support/webhooks/gateway-process.ts';
import { FAST_WEBHOOK_ENV, writeHomeFiles } from '../support/webhooks/receiver-harness.ts';
import { runCli } from '../support/webhooks/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

const SECRET = 'kill-secret';
let telegram: FakePlatform;
let testDb: TestDatabase;
let home: string;
let scratch: string;
const running: GatewayProcess[] = [];

beforeAll(async () => {
  telegram = await startFakePlatform(platformAnswers.telegram);
  testDb = await createTestDatabase();
  home = mkdtempSync(join(tmpdir(), 'switchyard-kill-'));
  scratch = mkdtempSync(join(tmpdir(), 'switchyard-kill-runs-'));
  writeHomeFiles(home, {
    'config.yaml': 'platforms:\n  webhook:\n    enabled: true\n    extra:\n      host: 127.0.0.1\n      port: 0\n',
    'webhook_subscriptions.json': JSON.stringify({
      slow: { secret: SECRET, deliver: 'telegram', deliver_extra: { chat_id: '7' }, prompt: 'Handle {job}' },
    }),
  });
}, 60_000);

afterAll(async () => {
  for (const gateway of running) {
    gateway.child.kill('SIGKILL');
    await waitForExit(gateway.child);
  }
  await telegram?.close();
  await testDb?.dispose();
  for (const dir of [home, scratch]) {
    if (dir) {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

const agentRuns = () =>
  existsSync(join(scratch, 'runs')) ? readFileSync(join(scratch, 'runs'), 'utf8').split('\n').filter(Boolean).length : 0;

const gatewayEnv = () => ({
  ...testDb.env,
  ...FAST_WEBHOOK_ENV,
  // The default lease: taking the delivery back must not wait for it to run out.
  WEBHOOK_LEASE_MS: '30000',
  AGENT_TIMEOUT_MS: '20000',
  // Each run is recorded as it starts, then takes two seconds.
  AGENT_COMMAND: `echo run >> ${scratch}/runs; sleep 2; echo "reply from the agent"`,
  TELEGRAM_BOT_TOKEN: 't',
  TELEGRAM_API_URL: telegram.url,
});

describe('a gateway killed during an agent run', () => {
  it("delivers the event exactly once after the restart, without waiting for the killed run's lease", async () => {
    const first = await startGatewayProcess(home, gatewayEnv());
    running.push(first);
    const body = JSON.stringify({ job: 'nightly' });
    const response = await fetch(`${first.url}/webhooks/slow`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-delivery': randomUUID(),
        'x-hub-signature-256': githubSignature(SECRET, body),
      },
      body,
    });
    expect(response.status).toBe(202);
    const { delivery_id: deliveryId } = (await response.json()) as { delivery_id: string };
    await waitFor(() => agentRuns() >= 1, 10_000, 'the agent run to start');
    first.child.kill('SIGKILL');
    await waitForExit(first.child);

    const second = await startGatewayProcess(home, gatewayEnv());
    running.push(second);
    // Waited for from the moment the restarted gateway listens (opening the database takes a few
    // seconds more on a loaded machine), for less than the killed run's lease (30 s): a worker
    // that waited for the lease to lapse never delivers in time.
    await waitFor(() => telegram.requests.length >= 1, 20_000, 'the delivery after the restart').catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${second.output()}`);
    });
    expect(telegram.requests[0]).toMatchObject({ body: { chat_id: 7, text: 'reply from the agent' } });

    // Nothing else is sent: not by the restarted worker again, nor by the killed run's leftovers.
    // Once the restarted gateway has stopped (it finishes the work under way first), no process is
    // left that could send, so the count below is final.
    second.child.kill('SIGTERM');
    await waitForExit(second.child);
    expect(telegram.requests).toHaveLength(1);
    const listed = await runCli(['webhook', 'deliveries', 'slow', '--json'], { SWITCHYARD_HOME: home, ...testDb.env });
    const deliveries = (JSON.parse(listed.stdout) as { deliveries: { id: string; status: string; attempts: number }[] }).deliveries;
    expect(deliveries).toEqual([expect.objectContaining({ id: deliveryId, status: 'delivered', attempts: 2 })]);
  }, 90_000);
});
