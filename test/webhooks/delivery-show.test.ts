import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseExpiredPayloads } from '@switchyard/db/webhooks/payload-retention';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { platformAnswers, startFakePlatform, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { FAST_WEBHOOK_ENV, ReceiverHarness } from '../support/webhooks/receiver-harness.ts';
import { runCli } from '../support/webhooks/run-cli.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

const SECRET = 'show-secret';
const API_TOKEN = 'tok-never-shown-7f3a';
const STRIPE = 't=1700000000,v1=stripe-never-shown-91c2';
let slack: FakePlatform;
let harness: ReceiverHarness;

beforeAll(async () => {
  slack = await startFakePlatform(platformAnswers.slack);
  harness = await ReceiverHarness.start({
    steppedWorker: true,
    extra: { secret: SECRET, rate_limit: 1000 },
    env: {
      AGENT_COMMAND: 'echo "agent reply for $SWITCHYARD_WEBHOOK_ROUTE"',
      SLACK_BOT_TOKEN: 'xoxb',
      SLACK_API_URL: slack.url,
      WEBHOOK_MAX_ATTEMPTS: '2',
    },
    subscriptions: {
      issues: { secret: SECRET, events: ['issues'], deliver: 'log', prompt: 'issue {issue.number}: {issue.title}' },
      chat: { secret: SECRET, deliver: 'slack', deliver_extra: { chat_id: 'C1' }, prompt: 'user {user.login}' },
      direct: { secret: SECRET, deliver: 'slack', deliver_only: true, deliver_extra: { chat_id: 'C2' }, prompt: 'paid {amount}' },
      show: { secret: SECRET, deliver: 'log' },
    },
  });
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await slack?.close();
});

const cli = (...args: string[]) => runCli(args, { SWITCHYARD_HOME: harness.home, ...harness.databaseEnv, ...FAST_WEBHOOK_ENV });

type ShownDelivery = {
  id: string;
  route: string;
  mode: string;
  target: string;
  chatId: string | null;
  status: string;
  attempts: number;
  erased: boolean;
  headers: Record<string, string> | null;
  payload: unknown;
  prompt: string | null;
  reply: string | null;
  attemptLog: { startedAt: string; target: string; status: string; durationMs: number; error: string | null }[];
};

const showJson = async (id: string): Promise<ShownDelivery> => {
  const shown = await cli('webhook', 'deliveries', 'show', id, '--json');
  expect(shown.code, shown.stderr).toBe(0);

  return (JSON.parse(shown.stdout) as { delivery: ShownDelivery }).delivery;
};

const accept = async (route: string, payload: unknown, headers: Record<string, string> = {}): Promise<string> => {
  const posted = await harness.postSigned(route, payload, SECRET, headers);
  expect(posted.status).toBe(202);

  return String(posted.body.delivery_id);
};

describe('webhook deliveries show', () => {
  it('shows a delivered agent run: headers with signatures masked, payload, prompt, attempt and reply', async () => {
    const payload = { issue: { number: 7, title: 'Broken build' } };
    const signature = githubSignature(SECRET, JSON.stringify(payload));
    const id = await accept('issues', payload, { 'x-github-event': 'issues', 'x-api-token': API_TOKEN, 'stripe-signature': STRIPE });
    await harness.drainWorker();

    const shown = await cli('webhook', 'deliveries', 'show', id);
    expect(shown.code, shown.stderr).toBe(0);
    const text = shown.stdout;
    expect(text).toMatch(/Route:\s+issues \(agent run\)/);
    expect(text).toMatch(/Status:\s+delivered, 1 of 2 attempts/);
    expect(text).toContain('x-github-event: issues');
    expect(text).toContain('x-hub-signature-256: [masked]');
    expect(text).toContain('x-api-token: [masked]');
    expect(text).toContain('stripe-signature: [masked]');
    expect(text).toContain('"title": "Broken build"');
    expect(text).toContain('Prompt:\n  issue 7: Broken build');
    expect(text).toContain('Reply:\n  agent reply for issues');
    expect(text).toMatch(/Attempts:\n\s+#\s+STARTED\s+TARGET\s+STATUS\s+DURATION\s+ERROR\n\s+1\s+\S+\s+log\s+delivered\s+\d+ ms\n/);
    // Nothing a request could be forged with is stored, so nothing of it can be shown.
    for (const secretValue of [signature, signature.slice('sha256='.length), API_TOKEN, STRIPE, SECRET]) {
      expect(text).not.toContain(secretValue);
    }

    const json = await showJson(id);
    expect(json).toMatchObject({
      id,
      route: 'issues',
      mode: 'agent',
      target: 'log',
      status: 'delivered',
      attempts: 1,
      erased: false,
      payload,
      prompt: 'issue 7: Broken build',
      reply: 'agent reply for issues',
    });
    expect(json.headers).toMatchObject({ 'x-hub-signature-256': '[masked]', 'x-api-token': '[masked]', 'x-github-event': 'issues' });
    expect(json.attemptLog).toEqual([
      { startedAt: expect.any(String), target: 'log', status: 'delivered', durationMs: expect.any(Number), error: null },
    ]);
    expect(JSON.stringify(json)).not.toContain(API_TOKEN);
  }, 120_000);

  it('shows each attempt of a chat delivery that failed, was retried and failed again, with its error', async () => {
    slack.failNext(2, 500, { ok: false, error: 'internal_error' });
    const id = await accept('chat', { user: { login: 'octo' } });
    // Steps the worker until the retry is due and has run: the delay is the retry backoff.
    await waitFor(
      async () => {
        await harness.runWorker();
        const delivery = await harness.delivery(id);

        return delivery?.status === 'failed' ? delivery : undefined;
      },
      30_000,
      'the chat delivery to fail twice',
    );

    const json = await showJson(id);
    expect(json).toMatchObject({ route: 'chat', target: 'slack', chatId: 'C1', status: 'failed', attempts: 2, prompt: 'user octo' });
    expect(json.attemptLog.map((attempt) => [attempt.target, attempt.status])).toEqual([
      ['slack', 'retrying'],
      ['slack', 'failed'],
    ]);
    for (const attempt of json.attemptLog) {
      expect(attempt.error).toMatch(/HTTP 500/);
      expect(Number.isNaN(Date.parse(attempt.startedAt))).toBe(false);
    }

    const shown = await cli('webhook', 'deliveries', 'show', id);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/Target:\s+slack \(chat C1\)/);
    expect(shown.stdout).toMatch(/Error:\s+gave up after 2 attempts: .*HTTP 500/);
    expect(shown.stdout).toMatch(/\n\s+1\s+\S+\s+slack\s+retrying\s+\d+ ms\s+.*HTTP 500/);
    expect(shown.stdout).toMatch(/\n\s+2\s+\S+\s+slack\s+failed\s+\d+ ms\s+.*HTTP 500/);
  }, 120_000);

  it('shows "erased" for what retention erased, and keeps the attempts', async () => {
    const id = await accept('issues', { issue: { number: 9, title: 'Private details' } }, { 'x-github-event': 'issues' });
    await harness.drainWorker();
    // Past its retention: finished longer ago than the row's retention days.
    await harness.db.fork().execute(`update webhook_delivery set finished_at = now() - interval '40 days' where id = ?`, [id]);
    expect(await eraseExpiredPayloads(harness.db.fork())).toBeGreaterThanOrEqual(1);

    const shown = await cli('webhook', 'deliveries', 'show', id);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Payload:\n  erased');
    expect(shown.stdout).toContain('Prompt:\n  erased');
    expect(shown.stdout).toContain('Headers:\n  erased');
    expect(shown.stdout).toContain('Reply:\n  erased');
    expect(shown.stdout).not.toContain('Private details');
    expect(shown.stdout).toMatch(/\n\s+1\s+\S+\s+log\s+delivered/);

    const json = await showJson(id);
    expect(json).toMatchObject({ erased: true, payload: null, prompt: null, reply: null, headers: null, status: 'delivered' });
    expect(json.attemptLog).toHaveLength(1);
  }, 120_000);

  it('shows the message and the one attempt of a direct delivery, which has no reply', async () => {
    const posted = await harness.postSigned('direct', { amount: 12 }, SECRET, { 'x-signature': 'generic-never-shown' });
    expect(posted.status).toBe(200);
    const id = String(posted.body.delivery_id);

    const json = await showJson(id);
    expect(json).toMatchObject({
      mode: 'deliver_only',
      target: 'slack',
      chatId: 'C2',
      status: 'delivered',
      prompt: 'paid 12',
      reply: null,
    });
    expect(json.headers?.['x-signature']).toBe('[masked]');
    expect(json.attemptLog.map((attempt) => [attempt.target, attempt.status, attempt.error])).toEqual([['slack', 'delivered', null]]);
    const shown = await cli('webhook', 'deliveries', 'show', id);
    expect(shown.stdout).toContain('Message:\n  paid 12');
    expect(shown.stdout).not.toContain('Reply:');
    expect(shown.stdout).not.toContain('generic-never-shown');
  }, 120_000);

  it('without an id, lists the route named "show" as the list command would', async () => {
    const id = await accept('show', { n: 1 });
    const listed = await cli('webhook', 'deliveries', 'show', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { deliveries: { id: string; route: string }[] }).deliveries).toEqual([
      expect.objectContaining({ id, route: 'show' }),
    ]);
  }, 120_000);

  it('an unknown id, or what is not an id, is one line and exit 1', async () => {
    const [unknown, malformed] = await Promise.all([
      cli('webhook', 'deliveries', 'show', '00000000-0000-4000-8000-000000000000'),
      cli('webhook', 'deliveries', 'show', 'not-an-id', '--json'),
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr.trim()).toBe('error: no delivery 00000000-0000-4000-8000-000000000000 (see switchyard webhook deliveries)');
    expect(malformed.code).toBe(1);
    expect(malformed.stderr.trim()).toBe('error: "not-an-id" is not a delivery id (see switchyard webhook deliveries)');
  }, 120_000);
});
