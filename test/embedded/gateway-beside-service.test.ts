import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { platformAnswers, startFakePlatform, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { startGatewayProcess, waitForExit, type GatewayProcess } from '../support/webhooks/gateway-process.ts';
import { FAST_WEBHOOK_ENV, writeHomeFiles } from '../support/webhooks/receiver-harness.ts';
import { runCli } from '../support/webhooks/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { startService, type ServiceProcess } from '../support/embedded/service-process.ts';

// The embedded database's single owner only exists without DATABASE_URL.
const onServer = process.env.DATABASE_URL !== undefined;
const SECRET = 'beside-secret';

let model: FakePlatform;
let telegram: FakePlatform;
let database: TestDatabase;
let home: string;
let serviceHome: string;
let service: ServiceProcess | undefined;
let gateway: GatewayProcess | undefined;

beforeAll(async () => {
  if (onServer) {
    return;
  }
  model = await startFakePlatform(platformAnswers.model);
  telegram = await startFakePlatform(platformAnswers.telegram);
  database = await createTestDatabase();
  home = mkdtempSync(join(tmpdir(), 'switchyard-beside-'));
  serviceHome = mkdtempSync(join(tmpdir(), 'switchyard-beside-service-'));
  writeHomeFiles(home, {
    'config.yaml': 'platforms:\n  webhook:\n    enabled: true\n    extra:\n      host: 127.0.0.1\n      port: 0\n',
    'webhook_subscriptions.json': JSON.stringify({
      nightly: { secret: SECRET, deliver: 'telegram', deliver_extra: { chat_id: '7' }, prompt: 'Handle {job}' },
    }),
  });
  // The service's own receiver stays off: its home has no configuration.
  service = await startService({ ...database.env, SWITCHYARD_HOME: serviceHome });
}, 120_000);

afterAll(async () => {
  gateway?.child.kill('SIGKILL');
  await service?.kill();
  await model?.close();
  await telegram?.close();
  await database?.dispose();
  for (const dir of [home, serviceHome]) {
    if (dir) {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

const gatewayEnv = () => ({
  ...database.env,
  ...FAST_WEBHOOK_ENV,
  AGENT_BASE_URL: model.url,
  AGENT_MODEL: 'm',
  TELEGRAM_BOT_TOKEN: 't',
  TELEGRAM_API_URL: telegram.url,
});

const deliveries = async (): Promise<{ id: string; status: string }[]> => {
  const result = await runCli(['webhook', 'deliveries', 'nightly', '--json'], { SWITCHYARD_HOME: home, ...database.env });
  expect(result.code, result.stderr).toBe(0);

  return (JSON.parse(result.stdout) as { deliveries: { id: string; status: string }[] }).deliveries;
};

describe.skipIf(onServer)('gateway run and webhook deliveries beside a running service on the embedded database', () => {
  it('the gateway works through the service; deliveries shows rows accepted a moment before, also after the gateway stopped', async () => {
    gateway = await startGatewayProcess(home, gatewayEnv());
    const owner = JSON.parse(readFileSync(join(database.env.DATA_DIR, 'pg.owner'), 'utf8')) as { pid: number };
    expect(owner.pid).toBe(service?.pid);

    const accepted: string[] = [];
    for (const job of ['one', 'two', 'three']) {
      const body = JSON.stringify({ job });
      const response = await fetch(`${gateway.url}/webhooks/nightly`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-delivery': randomUUID(),
          'x-hub-signature-256': githubSignature(SECRET, body),
        },
        body,
      });
      expect(response.status).toBe(202);
      accepted.push(((await response.json()) as { delivery_id: string }).delivery_id);
    }
    expect((await deliveries()).map((delivery) => delivery.id)).toEqual(expect.arrayContaining(accepted));

    gateway.child.kill('SIGTERM');
    await waitForExit(gateway.child);
    expect(gateway.child.exitCode, gateway.output()).toBe(0);
    gateway = undefined;
    expect((await deliveries()).map((delivery) => delivery.id)).toEqual(expect.arrayContaining(accepted));
    expect((await fetch(`${service?.claimsUrl ?? ''}/api/health`)).status).toBe(200);
  }, 180_000);
});
