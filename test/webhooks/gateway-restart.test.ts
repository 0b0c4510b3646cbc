import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
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

let model: FakePlatform;
let telegram: FakePlatform;
let testDb: TestDatabase;
let home: string;
const running: GatewayProcess[] = [];

const SECRET = 'restart-secret';

beforeAll(async () => {
  model = await startFakePlatform(platformAnswers.model);
  telegram = await startFakePlatform(platformAnswers.telegram);
  testDb = await createTestDatabase();
  home = mkdtempSync(join(tmpdir(), 'switchyard-restart-'));
  writeHomeFiles(home, {
    'config.yaml': 'platforms:\n  webhook:\n    enabled: true\n    extra:\n      host: 127.0.0.1\n      port: 0\n',
    'webhook_subscriptions.json': JSON.stringify({
      durable: { secret: SECRET, deliver: 'telegram', deliver_extra: { chat_id: '99' }, prompt: 'Handle {job}' },
    }),
  });
}, 60_000);

afterAll(async () => {
  for (const gateway of running) {
    gateway.child.kill('SIGKILL');
    await waitForExit(gateway.child);
  }
  await model?.close();
  await telegram?.close();
  await testDb?.dispose();
  if (home) {
    rmSync(home, { recursive: true, force: true });
  }
});

const gatewayEnv = () => ({
  ...testDb.env,
  ...FAST_WEBHOOK_ENV,
  WEBHOOK_LEASE_MS: '1500',
  AGENT_BASE_URL: model.url,
  AGENT_MODEL: 'm',
  TELEGRAM_BOT_TOKEN: 't',
  TELEGRAM_API_URL: telegram.url,
});

describe('durability across a killed gateway', () => {
  it('delivers after a restart an event accepted before kill -9', async () => {
    // The model does not answer yet: the first gateway is killed while the event is in flight.
    model.hold();
    const first = await startGatewayProcess(home, gatewayEnv());
    running.push(first);
    const body = JSON.stringify({ job: 'nightly-report' });
    const response = await fetch(`${first.url}/webhooks/durable`, {
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
    await waitFor(() => model.requests.length >= 1, 10_000, 'the agent call');

    first.child.kill('SIGKILL');
    await waitForExit(first.child);
    expect(telegram.requests).toHaveLength(0);
    model.release();

    const second = await startGatewayProcess(home, gatewayEnv());
    running.push(second);
    await waitFor(() => telegram.requests.length >= 1, 20_000, 'the delivery after restart');
    expect(telegram.requests[0]).toMatchObject({ body: { chat_id: 99, text: 'Agent says: Handle nightly-report' } });

    const listed = await waitFor(
      async () => {
        const result = await runCli(['webhook', 'deliveries', 'durable', '--json'], { SWITCHYARD_HOME: home, ...testDb.env });
        const deliveries = (JSON.parse(result.stdout) as { deliveries: { id: string; status: string; attempts: number }[] }).deliveries;

        return deliveries.find((delivery) => delivery.id === deliveryId && delivery.status === 'delivered');
      },
      10_000,
      'the delivered record',
    );
    // At least the interrupted attempt and the one after the restart.
    expect(listed?.attempts).toBeGreaterThanOrEqual(2);

    second.child.kill('SIGTERM');
    await waitForExit(second.child);
    expect(second.child.exitCode).toBe(0);
  }, 90_000);
});
