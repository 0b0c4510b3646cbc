import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAnswers, startFakePlatform, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { FAST_WEBHOOK_ENV, ReceiverHarness } from '../support/webhooks/receiver-harness.ts';
import { runCli } from '../support/webhooks/run-cli.ts';

/**
 * Deliveries run with their route as it is when they run: a route fixed while its deliveries wait
 * (behind an open breaker, or for a retry) is what they use. The worker is stepped: each
 * runWorker() is one claim and the runs it started.
 */
const SECRET = 'follow-secret';
let slack: FakePlatform;
let harness: ReceiverHarness;

beforeAll(async () => {
  slack = await startFakePlatform(platformAnswers.slack);
  harness = await ReceiverHarness.start({
    extra: { secret: SECRET, rate_limit: 10_000 },
    steppedWorker: true,
    env: {
      // The agent answers with the last line of its input: the rendered prompt.
      AGENT_COMMAND: 'tail -n 1',
      WEBHOOK_WORKER_CONCURRENCY: '1',
      WEBHOOK_MAX_ATTEMPTS: '30',
      SLACK_BOT_TOKEN: 'xoxb',
      SLACK_API_URL: slack.url,
    },
    subscriptions: {
      flaky: { deliver: 'slack', deliver_extra: { chat_id: 'C0BROKEN' }, prompt: 'flaky {n}' },
      plain: { deliver: 'slack', deliver_extra: { chat_id: 'C2' }, prompt: 'old {n}' },
      gone: { deliver: 'slack', deliver_extra: { chat_id: 'C3' } },
      dropped: { deliver: 'slack', deliver_extra: { chat_id: 'C4' } },
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

const post = async (route: string, payload: unknown): Promise<string> => {
  const accepted = await harness.postSigned(route, payload, SECRET, { 'x-github-delivery': randomUUID() });
  expect(accepted.status).toBe(202);

  return String(accepted.body.delivery_id);
};

type SlackBody = { channel: string; text: string };
const slackBodies = (from: number): SlackBody[] => slack.requests.slice(from).map((request) => request.body as SlackBody);

const rows = (ids: string[]) =>
  harness.db
    .fork()
    .execute<{ id: string; status: string; chat_id: string | null; prompt: string; last_error: string | null }[]>(
      `select id::text as id, status, chat_id, prompt, last_error from webhook_delivery where id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );

let fixedId = '';

describe('a route fixed behind its open breaker', () => {
  it('ten failures open the breaker; update --deliver-chat-id and resume send every queued delivery to the fixed channel', async () => {
    // Ten failed attempts, then the breaker's notice to the broken channel fails too.
    slack.answerNext(...Array.from({ length: 11 }, () => ({ status: 500, body: { ok: false, error: 'down' } })));
    const ids: string[] = [];
    for (let n = 0; n < 11; n += 1) {
      ids.push(await post('flaky', { n }));
    }
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(await harness.runWorker()).toBe(1);
    }
    const [state] = await harness.db
      .fork()
      .execute<{ failures: number; paused: boolean }[]>(
        "select consecutive_failures as failures, paused_at is not null as paused from webhook_route_state where route = 'flaky'",
      );
    expect(state).toMatchObject({ failures: 10, paused: true });
    // Held by the open breaker: nothing is claimed, all eleven stay queued.
    expect(await harness.runWorker()).toBe(0);
    expect((await rows(ids)).every((row) => row.status === 'queued')).toBe(true);
    expect(slackBodies(0).every((body) => body.channel === 'C0BROKEN')).toBe(true);

    const updated = await cli('webhook', 'update', 'flaky', '--deliver-chat-id', 'C0FIXED');
    expect(updated.code, updated.stderr).toBe(0);
    const resumed = await cli('webhook', 'resume', 'flaky');
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain('11 queued deliveries go out now');

    const before = slack.requests.length;
    expect(await harness.drainWorker()).toBe(11);
    const sent = slackBodies(before);
    expect(sent).toHaveLength(11);
    expect(sent.every((body) => body.channel === 'C0FIXED')).toBe(true);
    expect(sent.map((body) => body.text).sort()).toEqual(Array.from({ length: 11 }, (_, n) => `flaky ${n}`).sort());
    const after = await rows(ids);
    expect(after.every((row) => row.status === 'delivered' && row.chat_id === 'C0FIXED')).toBe(true);
    fixedId = ids[0] ?? '';
  }, 120_000);
});

describe('the current route at run time', () => {
  it('a queued delivery renders the prompt template the route has when it runs, from the payload as accepted', async () => {
    const id = await post('plain', { n: 5 });
    const updated = await cli('webhook', 'update', 'plain', '--prompt', 'new {n}');
    expect(updated.code, updated.stderr).toBe(0);
    const before = slack.requests.length;
    expect(await harness.runWorker()).toBe(1);
    expect(slackBodies(before)).toEqual([expect.objectContaining({ channel: 'C2', text: 'new 5' })]);
    expect(await rows([id])).toEqual([expect.objectContaining({ status: 'delivered', prompt: 'new 5' })]);
  }, 60_000);

  it('a retried delivery takes the route as it is at the retry', async () => {
    slack.answerNext({ status: 500, body: { ok: false, error: 'down' } });
    const id = await post('plain', { n: 6 });
    const before = slack.requests.length;
    expect(await harness.runWorker()).toBe(1);
    expect(await rows([id])).toEqual([expect.objectContaining({ status: 'queued', chat_id: 'C2' })]);
    const updated = await cli('webhook', 'update', 'plain', '--deliver-chat-id', 'C2NEW');
    expect(updated.code, updated.stderr).toBe(0);
    await harness.db.fork().execute('update webhook_delivery set next_attempt_at = now() where id = ?', [id]);
    expect(await harness.runWorker()).toBe(1);
    expect(slackBodies(before).map((body) => body.channel)).toEqual(['C2', 'C2NEW']);
    expect(await rows([id])).toEqual([expect.objectContaining({ status: 'delivered', chat_id: 'C2NEW' })]);
  }, 60_000);

  it('a route gone from the subscriptions file fails its queued deliveries with "route removed"', async () => {
    const id = await post('gone', { n: 1 });
    // Edited away by hand, not through the CLI: the worker finds no route when it runs.
    const file = join(harness.home, 'webhook_subscriptions.json');
    const subscriptions = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    delete subscriptions.gone;
    writeFileSync(file, JSON.stringify(subscriptions));
    const before = slack.requests.length;
    expect(await harness.runWorker()).toBe(1);
    expect(slack.requests.length).toBe(before);
    expect(await rows([id])).toEqual([expect.objectContaining({ status: 'failed', last_error: 'route removed' })]);
  }, 60_000);

  it('webhook remove fails the queued deliveries at once, even behind an open breaker', async () => {
    const ids = [await post('dropped', { n: 1 }), await post('dropped', { n: 2 })];
    await harness.db
      .fork()
      .execute(
        "insert into webhook_route_state (route, consecutive_failures, paused_at, paused_reason) values ('dropped', 10, now(), 'down')",
      );
    const removed = await cli('webhook', 'remove', 'dropped');
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain('2 queued deliveries of "dropped" failed: route removed.');
    expect((await rows(ids)).every((row) => row.status === 'failed' && row.last_error === 'route removed')).toBe(true);
    expect(await harness.runWorker()).toBe(0);
  }, 60_000);
});

describe('replay', () => {
  it('sends with the route as it is now, and with --as-accepted as the original was sent', async () => {
    expect(fixedId).not.toBe('');
    const updated = await cli('webhook', 'update', 'flaky', '--deliver-chat-id', 'C0THIRD', '--prompt', 'third {n}');
    expect(updated.code, updated.stderr).toBe(0);

    const current = await cli('webhook', 'replay', fixedId, '--json');
    expect(current.code, current.stderr).toBe(0);
    const asAccepted = await cli('webhook', 'replay', fixedId, '--as-accepted', '--json');
    expect(asAccepted.code, asAccepted.stderr).toBe(0);
    const before = slack.requests.length;
    expect(await harness.drainWorker()).toBe(2);
    const byChannel = Object.fromEntries(slackBodies(before).map((body) => [body.channel, body.text]));
    expect(byChannel).toEqual({ C0THIRD: 'third 0', C0FIXED: 'flaky 0' });
  }, 60_000);

  it('--as-accepted on an unknown delivery is refused and queues nothing', async () => {
    const missing = await cli('webhook', 'replay', randomUUID(), '--as-accepted');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no delivery with id');
    expect(await harness.runWorker()).toBe(0);
  }, 60_000);
});
