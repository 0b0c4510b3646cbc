import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { claimDueDeliveries } from '@switchyard/db/webhooks/delivery-queue/claim';
import type { Lease } from '@switchyard/db/webhooks/delivery-queue/new-delivery';
import { platformAnswers, startFakePlatform, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { startGatewayProcess, waitForExit, type GatewayProcess } from '../support/webhooks/gateway-process.ts';
import { FAST_WEBHOOK_ENV, ReceiverHarness, writeHomeFiles } from '../support/webhooks/receiver-harness.ts';
import { runCli } from '../support/webhooks/run-cli.ts';
import { createTestDatabase } from '../support/webhooks/test-database.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

const SECRET = 'controls-secret';
const scratch = mkdtempSync(join(tmpdir(), 'switchyard-controls-'));
const runLog = join(scratch, 'runs.log');
const gates = join(scratch, 'gates');
mkdirSync(gates);

/**
 * The agent records the start and end of each run with the prompt's tag ("T key n"), so a test
 * can replay the runs' overlaps. Lines are appended whole (O_APPEND), so processes never mix them.
 * While the test holds a key (a file `hold-<key>`), that key's runs stay running after their start,
 * so runs overlap because the test made them, not because the machine happened to be quick.
 */
const AGENT = `tag=$(grep -o 'T [a-z0-9]* [0-9]*' | head -1); set -- $tag; echo "+ $tag" >> ${runLog}; while [ -e "${gates}/hold-$2" ]; do sleep 0.02; done; echo "- $tag" >> ${runLog}; echo done`;

/** Held runs may wait for as long as a busy machine takes to start the others. */
const AGENT_ENV = { AGENT_COMMAND: AGENT, AGENT_TIMEOUT_MS: '120000' };

const hold = (...keys: string[]) => keys.forEach((key) => writeFileSync(join(gates, `hold-${key}`), ''));
const release = (...keys: string[]) => keys.forEach((key) => rmSync(join(gates, `hold-${key}`), { force: true }));

/** A claim made by the test itself, with a lease of its own: one step of what the worker does. */
const STEP_LEASE: Lease = { workerId: 'test-step', leaseMs: 60_000, lockKey: null };

type Run = { sign: '+' | '-'; key: string; n: number };
const runs = (): Run[] =>
  (existsSync(runLog) ? readFileSync(runLog, 'utf8') : '')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [sign, , key, n] = line.split(' ');
      return { sign: sign as '+' | '-', key: key ?? '', n: Number(n) };
    });

const startsOf = (key: string): number => runs().filter((run) => run.key === key && run.sign === '+').length;

const maxOverlap = (list: Run[]): number => {
  let now = 0;
  let most = 0;
  for (const run of list) {
    now += run.sign === '+' ? 1 : -1;
    most = Math.max(most, now);
  }
  return most;
};

let slack: FakePlatform;
let harness: ReceiverHarness;
const logLines: string[] = [];

beforeAll(async () => {
  slack = await startFakePlatform(platformAnswers.slack);
  harness = await ReceiverHarness.start({
    extra: { secret: SECRET, rate_limit: 10_000 },
    env: {
      ...AGENT_ENV,
      WEBHOOK_WORKER_CONCURRENCY: '8',
      SLACK_BOT_TOKEN: 'xoxb',
      SLACK_API_URL: slack.url,
      WEBHOOK_MAX_ATTEMPTS: '30',
      WEBHOOK_RETENTION_SWEEP_MS: '200',
    },
    subscriptions: {
      capped: { deliver: 'log', prompt: 'T capped {n}', max_in_flight: 2 },
      ordered: { deliver: 'log', prompt: 'T {k} {n}', order_key: '{k}' },
      kept: { deliver: 'log', prompt: 'kept {n}', retention_days: 1 },
      flaky: { deliver: 'slack', deliver_only: false, deliver_extra: { chat_id: 'C5' }, prompt: 'T flaky {n}' },
    },
    logLines,
  });
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await slack?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const post = async (route: string, payload: unknown): Promise<string> => {
  const accepted = await harness.postSigned(route, payload, SECRET, { 'x-github-delivery': randomUUID() });
  expect(accepted.status).toBe(202);
  return String(accepted.body.delivery_id);
};

describe('max_in_flight', () => {
  it('2 with 10 events: never more than 2 agent runs at once, all 10 delivered', async () => {
    hold('capped');
    let ids: string[];
    try {
      ids = await Promise.all(Array.from({ length: 10 }, (_, n) => post('capped', { n })));
      // Two runs start and stay running: the cap is reached however slow the machine is.
      await waitFor(() => startsOf('capped') >= 2, 30_000, 'two capped runs to start');
      // A claim stepped by the test gives no third run while two are running.
      expect(await claimDueDeliveries(harness.db.fork(), STEP_LEASE, 10)).toEqual([]);
      expect(startsOf('capped')).toBe(2);
    } finally {
      release('capped');
    }
    for (const id of ids) {
      expect(await harness.settled(id, 30_000)).toMatchObject({ status: 'delivered' });
    }
    const capped = runs().filter((run) => run.key === 'capped');
    expect(capped.filter((run) => run.sign === '+')).toHaveLength(10);
    expect(maxOverlap(capped)).toBe(2);
  }, 60_000);
});

describe('order_key in one process', () => {
  it('runs deliveries of one key one at a time, in the order accepted', async () => {
    const keys = ['k0', 'k1', 'k2'];
    const ids: string[] = [];
    hold(...keys);
    try {
      for (let n = 0; n < 12; n += 1) {
        ids.push(await post('ordered', { k: `k${n % 3}`, n }));
      }
      // The first run of every key starts and stays running: keys run side by side, and no key
      // starts a second run while its first is held.
      await waitFor(() => keys.every((key) => startsOf(key) >= 1), 30_000, 'a run of every key');
      expect(await claimDueDeliveries(harness.db.fork(), STEP_LEASE, 10)).toEqual([]);
      expect(keys.map(startsOf)).toEqual([1, 1, 1]);
    } finally {
      release(...keys);
    }
    for (const id of ids) {
      expect(await harness.settled(id, 30_000)).toMatchObject({ status: 'delivered' });
    }
    const ordered = runs().filter((run) => /^k\d$/.test(run.key));
    for (const key of ['k0', 'k1', 'k2']) {
      const ofKey = ordered.filter((run) => run.key === key);
      expect(maxOverlap(ofKey)).toBe(1);
      const starts = ofKey.filter((run) => run.sign === '+').map((run) => run.n);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      expect(starts).toHaveLength(4);
    }
    // Different keys did run side by side.
    expect(maxOverlap(ordered)).toBeGreaterThan(1);
  }, 60_000);
});

describe('retention_days', () => {
  it('erases payloads and prompts of deliveries finished longer ago, keeping the row and its outcome', async () => {
    const old = await post('kept', { n: 1, secret_note: 'old' });
    const fresh = await post('kept', { n: 2 });
    await harness.settled(old);
    await harness.settled(fresh);
    await harness.db.fork().execute("update webhook_delivery set finished_at = now() - interval '25 hours' where id = ?", [old]);
    const rows = await waitFor(
      async () => {
        const found = await harness.db
          .fork()
          .execute<{ id: string; payload: string; prompt: string; status: string; erased: boolean }[]>(
            'select id::text, payload::text as payload, prompt, status, erased_at is not null as erased from webhook_delivery where id in (?, ?)',
            [old, fresh],
          );
        return found.find((row) => row.id === old)?.erased ? found : undefined;
      },
      10_000,
      'the retention sweep',
    );
    expect(rows?.find((row) => row.id === old)).toMatchObject({ payload: '{}', prompt: '', status: 'delivered' });
    expect(rows?.find((row) => row.id === fresh)).toMatchObject({ prompt: 'kept 2', erased: false });
    expect(await harness.delivery(old)).toMatchObject({ status: 'delivered', attempts: 1 });
  });
});

describe('circuit breaker', () => {
  it('opens after 10 consecutive failures, keeps the backlog queued, sends one notice, and resume delivers it', async () => {
    // Slack answers 500 to everything until released.
    slack.answerNext(...Array.from({ length: 200 }, () => ({ status: 500, body: { ok: false, error: 'down' } })));
    const ids = await Promise.all(Array.from({ length: 6 }, (_, n) => post('flaky', { n })));
    const state = await waitFor(
      async () => {
        const [row] = await harness.db
          .fork()
          .execute<{ failures: number; paused: boolean }[]>(
            "select consecutive_failures as failures, paused_at is not null as paused from webhook_route_state where route = 'flaky'",
          );
        return row?.paused ? row : undefined;
      },
      20_000,
      'the breaker to open',
    );
    expect(state?.failures).toBeGreaterThanOrEqual(10);
    // The notice goes out after the pause is recorded; attempts in flight at that moment end too.
    await waitFor(() => slack.requests.some((request) => JSON.stringify(request.body).includes('paused after')), 10_000, 'the notice');
    await waitFor(
      async () => {
        const [row] = await harness.db
          .fork()
          .execute<{ n: number }[]>("select count(*)::int as n from webhook_delivery where route = 'flaky' and status = 'running'");
        return row?.n === 0;
      },
      20_000,
      'the attempts in flight to end',
    );
    const attemptsAtPause = slack.requests.length;
    // Paused: a claim stepped by the test takes nothing, so nothing more can go to the target, and
    // nothing is given up.
    expect(await claimDueDeliveries(harness.db.fork(), STEP_LEASE, 10)).toEqual([]);
    expect(slack.requests.length).toBe(attemptsAtPause);
    for (const id of ids) {
      expect((await harness.delivery(id))?.status).toBe('queued');
    }
    const notices = logLines.filter((line) => line.includes('paused after'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('switchyard webhook resume flaky');
    // One notice was attempted at the chat target too.
    expect(slack.requests.filter((request) => JSON.stringify(request.body).includes('paused after'))).toHaveLength(1);

    // The target is back.
    slack.clearScripted();
    const resumed = await runCli(['webhook', 'resume', 'flaky'], {
      SWITCHYARD_HOME: harness.home,
      ...harness.databaseEnv,
      ...FAST_WEBHOOK_ENV,
    });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout.trim()).toBe('Resumed "flaky": 6 queued deliveries go out now.');
    for (const id of ids) {
      expect(await harness.settled(id, 20_000)).toMatchObject({ status: 'delivered' });
    }
    const [closed] = await harness.db
      .fork()
      .execute<{ failures: number; paused: boolean }[]>(
        "select consecutive_failures as failures, paused_at is not null as paused from webhook_route_state where route = 'flaky'",
      );
    expect(closed).toEqual({ failures: 0, paused: false });
  }, 90_000);
});

// Two gateway processes share one database only on a server; the embedded one has a single owner.
describe.skipIf(!process.env.DATABASE_URL)('order_key across two gateway processes', () => {
  it('20 events over 4 keys: per key, agent runs never overlap and follow acceptance order', async () => {
    const testDb = await createTestDatabase();
    const home = mkdtempSync(join(tmpdir(), 'switchyard-order-'));
    const gateways: GatewayProcess[] = [];
    try {
      writeHomeFiles(home, {
        'config.yaml': `platforms:\n  webhook:\n    enabled: true\n    extra:\n      host: 127.0.0.1\n      port: 0\n      rate_limit: 1000\n`,
        'webhook_subscriptions.json': JSON.stringify({
          pr: { secret: SECRET, deliver: 'log', prompt: 'T {repo} {n}', order_key: '{repo}' },
        }),
      });
      const env = { ...testDb.env, ...FAST_WEBHOOK_ENV, ...AGENT_ENV, WEBHOOK_WORKER_CONCURRENCY: '4', WEBHOOK_RECEIVER_PROCESSES: '1' };
      const keys = ['r0', 'r1', 'r2', 'r3'];
      // One at a time: both write the runtime file, and each must find its own there.
      gateways.push(await startGatewayProcess(home, env));
      gateways.push(await startGatewayProcess(home, env));
      hold(...keys);
      try {
        for (let n = 0; n < 20; n += 1) {
          const body = JSON.stringify({ repo: `r${n % 4}`, n });
          const response = await fetch(`${gateways[n % 2]?.url}/webhooks/pr`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-github-delivery': randomUUID(),
              'x-hub-signature-256': githubSignature(SECRET, body),
            },
            body,
          });
          expect(response.status).toBe(202);
        }
        // Every key's first run starts and stays running, in whichever process: keys run side by
        // side, and no key starts its second run meanwhile.
        await waitFor(() => keys.every((key) => startsOf(key) >= 1), 60_000, 'a run of every key');
        expect(keys.map(startsOf)).toEqual([1, 1, 1, 1]);
      } finally {
        release(...keys);
      }
      await waitFor(() => runs().filter((run) => /^r\d$/.test(run.key) && run.sign === '-').length >= 20, 60_000, 'all 20 runs');
      const all = runs().filter((run) => /^r\d$/.test(run.key));
      for (const key of ['r0', 'r1', 'r2', 'r3']) {
        const ofKey = all.filter((run) => run.key === key);
        expect(maxOverlap(ofKey)).toBe(1);
        const starts = ofKey.filter((run) => run.sign === '+').map((run) => run.n);
        expect(starts).toHaveLength(5);
        expect(starts).toEqual([...starts].sort((a, b) => a - b));
      }
      expect(maxOverlap(all)).toBeGreaterThan(1);
    } finally {
      for (const gateway of gateways) {
        gateway.child.kill('SIGTERM');
        await waitForExit(gateway.child);
      }
      await testDb.dispose();
      rmSync(home, { recursive: true, force: true });
    }
  }, 120_000);
});
