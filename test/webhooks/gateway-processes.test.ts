import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
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
import { waitFor } from '../support/webhooks/wait-for.ts';

const SECRET = 'processes-secret';
const RATE_LIMIT = 5;

const childPids = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);

    return true;
  } catch {
    return false;
  }
};

/** A signed POST on a connection of its own, so that the gateway may hand each to another process. */
const postOnNewConnection = (url: string, route: string, body: string): Promise<{ status: number; retryAfter: string | undefined }> =>
  new Promise((resolve, reject) => {
    const target = new URL(`/webhooks/${route}`, url);
    const outgoing = request(
      target,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-github-event': 'push',
          'x-github-delivery': randomUUID(),
          'x-hub-signature-256': githubSignature(SECRET, body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] as string | undefined }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });

describe('switchyard gateway run with the embedded database', () => {
  it('refuses several receiver processes, in one line', async () => {
    const home = mkdtempSync(join(tmpdir(), 'switchyard-processes-'));
    const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-processes-data-'));
    try {
      writeHomeFiles(home, {
        'config.yaml': 'platforms:\n  webhook:\n    enabled: true\n    extra:\n      host: 127.0.0.1\n      port: 0\n',
      });
      const result = await runCli(['gateway', 'run'], {
        SWITCHYARD_HOME: home,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        WEBHOOK_RECEIVER_PROCESSES: '2',
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain('WEBHOOK_RECEIVER_PROCESSES above 1 needs DATABASE_URL');
    } finally {
      rmSync(home, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});

// Several processes share one database server; the embedded database has a single owner.
describe.skipIf(!process.env.DATABASE_URL)('switchyard gateway run with several receiver processes', () => {
  let model: FakePlatform;
  let telegram: FakePlatform;
  let testDb: TestDatabase;
  let home: string;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    model = await startFakePlatform(platformAnswers.model);
    telegram = await startFakePlatform(platformAnswers.telegram);
    testDb = await createTestDatabase();
    home = mkdtempSync(join(tmpdir(), 'switchyard-processes-'));
    writeHomeFiles(home, {
      'config.yaml': `platforms:\n  webhook:\n    enabled: true\n    extra:\n      host: 127.0.0.1\n      port: 0\n      rate_limit: ${RATE_LIMIT}\n`,
      'webhook_subscriptions.json': JSON.stringify({
        limited: { secret: SECRET, deliver: 'log', prompt: 'Limited {n}' },
        relayed: { secret: SECRET, deliver: 'telegram', deliver_extra: { chat_id: '7' }, prompt: 'Relay {n}' },
      }),
    });
    gateway = await startGatewayProcess(home, {
      ...testDb.env,
      ...FAST_WEBHOOK_ENV,
      WEBHOOK_RECEIVER_PROCESSES: '3',
      // Only a wake-up from an HTTP process can make the worker claim an event within the test.
      WEBHOOK_WORKER_POLL_MS: '600000',
      AGENT_BASE_URL: model.url,
      AGENT_MODEL: 'm',
      TELEGRAM_BOT_TOKEN: 't',
      TELEGRAM_API_URL: telegram.url,
    });
  }, 60_000);

  afterAll(async () => {
    if (gateway && gateway.child.exitCode === null) {
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

  it('runs the configured number of HTTP processes under one primary', () => {
    expect(childPids(gateway.child.pid ?? 0)).toHaveLength(3);
  });

  it('counts one rate limit for the whole gateway, whichever process answers', async () => {
    const answers = [];
    // One at a time, each on a new connection: the connections go round the processes.
    for (let n = 0; n < RATE_LIMIT + 7; n += 1) {
      answers.push(await postOnNewConnection(gateway.url, 'limited', JSON.stringify({ n })));
    }
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(RATE_LIMIT);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited).toHaveLength(7);
    for (const answer of limited) {
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }
  }, 30_000);

  it('wakes the delivery worker of the primary for an event accepted by any process', async () => {
    const bodies = [1, 2, 3].map((n) => JSON.stringify({ n }));
    for (const body of bodies) {
      expect((await postOnNewConnection(gateway.url, 'relayed', body)).status).toBe(202);
    }
    await waitFor(() => telegram.requests.length >= 3, 15_000, 'three deliveries');
    const texts = telegram.requests.map((delivered) => (delivered.body as { text: string }).text).sort();
    expect(texts).toEqual(['Agent says: Relay 1', 'Agent says: Relay 2', 'Agent says: Relay 3']);
  }, 30_000);

  it('takes its HTTP processes down with it when killed, and stops them cleanly on SIGTERM', async () => {
    const killedChildren = childPids(gateway.child.pid ?? 0);
    expect(killedChildren).toHaveLength(3);
    gateway.child.kill('SIGKILL');
    await waitForExit(gateway.child);
    await waitFor(() => killedChildren.every((pid) => !alive(pid)), 10_000, 'the orphaned HTTP processes to exit');

    const second = await startGatewayProcess(home, { ...testDb.env, ...FAST_WEBHOOK_ENV, WEBHOOK_RECEIVER_PROCESSES: '2' });
    gateway = second;
    const children = childPids(second.child.pid ?? 0);
    expect(children).toHaveLength(2);
    const health = await fetch(`${second.url}/health`);
    expect(health.status).toBe(200);
    second.child.kill('SIGTERM');
    await waitForExit(second.child);
    expect(second.child.exitCode).toBe(0);
    expect(children.every((pid) => !alive(pid))).toBe(true);
    // The runtime file goes with the gateway, so the CLI no longer finds a receiver to ask.
    expect(() => readFileSync(join(home, 'gateway.runtime.json'))).toThrow();
  }, 60_000);
});
