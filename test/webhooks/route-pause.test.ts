import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAnswers, startFakePlatform, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { FAST_WEBHOOK_ENV, ReceiverHarness } from '../support/webhooks/receiver-harness.ts';
import { runCli } from '../support/webhooks/run-cli.ts';

/**
 * A route paused by hand or by its breaker: visible in `webhook list` and `webhook deliveries`,
 * set with `webhook pause`, released with `webhook resume`, logged by the gateway. The worker is
 * stepped, and the receiver reads the pauses on every request (WEBHOOK_PAUSE_CHECK_MS=0).
 */
const SECRET = 'pause-secret';
let slack: FakePlatform;
let harness: ReceiverHarness;
const logLines: string[] = [];

beforeAll(async () => {
  slack = await startFakePlatform(platformAnswers.slack);
  harness = await ReceiverHarness.start({
    extra: { secret: SECRET, rate_limit: 10_000 },
    steppedWorker: true,
    logLines,
    env: {
      AGENT_COMMAND: 'tail -n 1',
      WEBHOOK_WORKER_CONCURRENCY: '4',
      WEBHOOK_BREAKER_FAILURES: '2',
      WEBHOOK_PAUSE_CHECK_MS: '0',
      SLACK_BOT_TOKEN: 'xoxb',
      SLACK_API_URL: slack.url,
    },
    subscriptions: {
      held: { deliver: 'slack', deliver_extra: { chat_id: 'C1' }, prompt: 'held {n}' },
      refusing: { deliver: 'slack', deliver_extra: { chat_id: 'C2' }, prompt: 'refusing {n}' },
      breaking: { deliver: 'slack', deliver_extra: { chat_id: 'C3' }, prompt: 'breaking {n}' },
      direct: { deliver: 'slack', deliver_only: true, deliver_extra: { chat_id: 'C4' }, prompt: 'direct {n}' },
    },
  });
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await slack?.close();
});

const cli = (...args: string[]) =>
  runCli(args, {
    SWITCHYARD_HOME: harness.home,
    ...harness.databaseEnv,
    ...FAST_WEBHOOK_ENV,
    SLACK_BOT_TOKEN: 'xoxb',
    SLACK_API_URL: slack.url,
  });

const post = (route: string, payload: unknown) => harness.postSigned(route, payload, SECRET, { 'x-github-delivery': randomUUID() });

type ListedRoute = {
  name: string;
  state: string;
  paused_reason: string | null;
  reject_while_paused: boolean;
  queued: number;
  last_delivery: { status: string } | null;
};
const listJson = async (): Promise<Map<string, ListedRoute>> => {
  const listed = await cli('webhook', 'list', '--json');
  expect(listed.code, listed.stderr).toBe(0);
  return new Map((JSON.parse(listed.stdout) as { routes: ListedRoute[] }).routes.map((route) => [route.name, route]));
};
const tableLine = (stdout: string, name: string) => stdout.split('\n').find((line) => line.startsWith(`${name} `)) ?? '';
const countRows = async (route: string) =>
  Number((await harness.db.fork().execute<{ n: string }[]>('select count(*) as n from webhook_delivery where route = ?', [route]))[0]?.n);

describe('webhook pause and resume', () => {
  it('holds the route: events are still accepted and queued, list and deliveries show the pause, resume sends them', async () => {
    expect((await post('held', { n: 0 })).status).toBe(202);
    expect(await harness.runWorker()).toBe(1);
    expect((await listJson()).get('held')).toMatchObject({ state: 'active', queued: 0, last_delivery: { status: 'delivered' } });

    const paused = await cli('webhook', 'pause', 'held', '--reason', 'channel being moved');
    expect(paused.code, paused.stderr).toBe(0);
    expect(paused.stdout.trim()).toBe(
      'Paused "held": 0 queued deliveries wait, new events are accepted and queued. Resume with: switchyard webhook resume held',
    );
    const accepted = await Promise.all([post('held', { n: 1 }), post('held', { n: 2 })]);
    expect(accepted.map((answer) => answer.status)).toEqual([202, 202]);
    const before = slack.requests.length;
    expect(await harness.runWorker()).toBe(0);
    expect(slack.requests.length).toBe(before);

    expect((await listJson()).get('held')).toMatchObject({ state: 'paused_by_hand', paused_reason: 'channel being moved', queued: 2 });
    const table = await cli('webhook', 'list');
    expect(table.stdout.split('\n')[0]).toMatch(/^NAME +EVENTS +DELIVER +MODE +STATE +QUEUED +LAST +LIMITS +DESCRIPTION +WEBHOOK_URL$/);
    expect(tableLine(table.stdout, 'held')).toMatch(/paused by hand (just now|\d+s ago): channel being moved +2 +delivered /);
    expect(tableLine(table.stdout, 'refusing')).toMatch(/ active +0 +- /);

    const deliveries = await cli('webhook', 'deliveries', 'held', '--json');
    const rows = (JSON.parse(deliveries.stdout) as { deliveries: { status: string; heldBy: string | null }[] }).deliveries;
    expect(rows.map((row) => [row.status, row.heldBy])).toEqual([
      ['queued', 'hand'],
      ['queued', 'hand'],
      ['delivered', null],
    ]);
    const deliveriesTable = await cli('webhook', 'deliveries', 'held');
    expect(deliveriesTable.stdout.match(/queued \(held: paused by hand\)/g)).toHaveLength(2);
    expect(logLines.some((line) => line.includes('"level":40') && line.includes('webhook route \\"held\\" is paused by hand'))).toBe(true);

    const resumed = await cli('webhook', 'resume', 'held');
    expect(resumed.stdout.trim()).toBe('Resumed "held": 2 queued deliveries go out now.');
    expect(await harness.drainWorker()).toBe(2);
    expect(logLines.some((line) => line.includes('"level":30') && line.includes('webhook route \\"held\\" resumed'))).toBe(true);
    expect((await listJson()).get('held')).toMatchObject({ state: 'active', queued: 0, last_delivery: { status: 'delivered' } });
  }, 120_000);

  it('--reject-while-paused refuses new events with 503 and Retry-After, storing nothing, until resume', async () => {
    const paused = await cli('webhook', 'pause', 'refusing', '--reject-while-paused');
    expect(paused.code, paused.stderr).toBe(0);
    expect(paused.stdout).toContain('new events are refused (503)');
    const refused = await post('refusing', { n: 1 });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: 'route paused' });
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await countRows('refusing')).toBe(0);
    // A bad signature is still refused as such: the pause is told to the sender only.
    const forged = await harness.post('refusing', '{}', { 'x-hub-signature-256': 'sha256=00' });
    expect(forged.status).toBe(401);

    expect((await cli('webhook', 'resume', 'refusing')).code).toBe(0);
    expect((await post('refusing', { n: 2 })).status).toBe(202);
    expect(await harness.drainWorker()).toBe(1);
  }, 60_000);

  it('a direct route paused queues its events (202) and sends them on resume', async () => {
    expect((await cli('webhook', 'pause', 'direct')).code).toBe(0);
    const before = slack.requests.length;
    const answer = await post('direct', { n: 1 });
    expect(answer.status).toBe(202);
    expect(slack.requests.length).toBe(before);
    expect((await cli('webhook', 'resume', 'direct')).code).toBe(0);
    expect(await harness.drainWorker()).toBe(1);
    expect(slack.requests.slice(before).map((request) => request.body)).toEqual([
      expect.objectContaining({ channel: 'C4', text: 'direct 1' }),
    ]);
  }, 60_000);

  it('a route paused by its breaker reads "paused by breaker" with the last error', async () => {
    slack.answerNext(...Array.from({ length: 3 }, () => ({ status: 500, body: { ok: false, error: 'down' } })));
    await post('breaking', { n: 1 });
    await post('breaking', { n: 2 });
    expect(await harness.runWorker()).toBe(2);
    expect((await listJson()).get('breaking')).toMatchObject({ state: 'paused_by_breaker', queued: 2 });
    const table = await cli('webhook', 'list');
    expect(tableLine(table.stdout, 'breaking')).toMatch(/paused by breaker (just now|\d+s ago): slack chat\.postMessage/);
    await harness.runWorker();
    expect(logLines.some((line) => line.includes('webhook route \\"breaking\\" is paused by breaker'))).toBe(true);
  }, 60_000);

  it('refuses an unknown route or an overlong reason with one line, changing nothing', async () => {
    const unknown = await cli('webhook', 'pause', 'nope');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('error: no webhook route named "nope" (see switchyard webhook list)');
    const long = await cli('webhook', 'pause', 'held', '--reason', 'x'.repeat(501));
    expect(long.code).toBe(1);
    expect(long.stderr.trim()).toBe('error: --reason is at most 500 characters');
    const states = await harness.db
      .fork()
      .execute<{ route: string }[]>("select route from webhook_route_state where route in ('nope', 'held') and paused_at is not null");
    expect(states).toEqual([]);
  }, 60_000);
});
