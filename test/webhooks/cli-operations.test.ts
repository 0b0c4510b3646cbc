import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAnswers, startFakePlatform, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { FAST_WEBHOOK_ENV, ReceiverHarness } from '../support/webhooks/receiver-harness.ts';
import { runCli } from '../support/webhooks/run-cli.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

const SECRET = 'ops-secret';
let slack: FakePlatform;
let harness: ReceiverHarness;

// The route names the agent's behaviour: `slow` takes ten seconds, the others answer at once.
const AGENT = 'case "$SWITCHYARD_WEBHOOK_ROUTE" in slow) sleep 10; echo late ;; *) echo "agent reply" ;; esac';

beforeAll(async () => {
  slack = await startFakePlatform(platformAnswers.slack);
  harness = await ReceiverHarness.start({
    extra: { secret: SECRET, rate_limit: 1000 },
    env: { AGENT_COMMAND: AGENT, SLACK_BOT_TOKEN: 'xoxb', SLACK_API_URL: slack.url, WEBHOOK_MAX_ATTEMPTS: '2' },
    subscriptions: {
      issues: { secret: SECRET, events: ['issues'], deliver: 'log', prompt: 'issue {issue.number}' },
      chat: { secret: SECRET, deliver: 'slack', deliver_extra: { chat_id: 'C1' }, prompt: 'user {user.login}' },
      slow: { secret: SECRET, deliver: 'log' },
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
    WEBHOOK_MAX_ATTEMPTS: '2',
  });

const subscriptionsFile = () =>
  JSON.parse(readFileSync(join(harness.home, 'webhook_subscriptions.json'), 'utf8')) as Record<string, Record<string, unknown>>;

describe('webhook test', () => {
  it('sends the event named, waits for the outcome, and exits by it', async () => {
    const ignored = await cli('webhook', 'test', 'issues');
    expect(ignored.code).toBe(1);
    expect(ignored.stdout).toContain('(event "test")');
    expect(ignored.stderr.trim()).toBe(
      'error: the route did not act on the event: it was ignored (event: test); "issues" takes only issues: add --event issues',
    );

    const delivered = await cli('webhook', 'test', 'issues', '--event', 'issues', '--payload', '{"issue":{"number":7}}');
    expect(delivered.code).toBe(0);
    expect(delivered.stdout).toContain('Response (202)');
    expect(delivered.stdout).toContain('Outcome: delivered');

    // The target refuses for good: the delivery fails, and so does the command.
    slack.failNext(1, 400, { ok: false, error: 'channel_not_found' });
    const failed = await cli('webhook', 'test', 'chat', '--payload', '{"user":{"login":"x"}}');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^error: the delivery failed: .*400/);

    const pending = await cli('webhook', 'test', 'slow', '--wait', '0');
    expect(pending.code).toBe(2);
    expect(pending.stdout).toMatch(/Outcome: still (queued|running) after 0 s/);
  }, 120_000);

  it('--header adds request headers: the same delivery id twice is a duplicate the second time', async () => {
    const first = await cli(
      'webhook',
      'test',
      'issues',
      '--event',
      'issues',
      '--header',
      'X-GitHub-Delivery: fixed-7',
      '--payload',
      '{"issue":{"number":8}}',
    );
    expect(first.code).toBe(0);
    const second = await cli(
      'webhook',
      'test',
      'issues',
      '--event',
      'issues',
      '--header',
      'X-GitHub-Delivery: fixed-7',
      '--payload',
      '{"issue":{"number":8}}',
    );
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('it was a duplicate');
    const bad = await cli('webhook', 'test', 'issues', '--header', 'no-colon');
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe('error: --header "no-colon" is not Name:value');
    const refused = await cli('webhook', 'test', 'issues', '--payload', '"just a string"');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Response (400)');
  }, 120_000);
});

describe('webhook update and subscribe on an existing name', () => {
  it('changes only the options given and keeps the secret', async () => {
    const created = await cli('webhook', 'subscribe', 'upd', '--events', 'issues', '--prompt', 'P {a}', '--description', 'D', '--json');
    expect(created.code).toBe(0);
    const { secret } = JSON.parse(created.stdout) as { secret: string };

    const updated = await cli(
      'webhook',
      'update',
      'upd',
      '--deliver',
      'slack',
      '--deliver-chat-id',
      'C9',
      '--max-in-flight',
      '2',
      '--order-key',
      '{repo}#{n}',
      '--retention-days',
      '7',
    );
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain(
      'Updated webhook subscription: upd (--deliver, --deliver-chat-id, --max-in-flight, --order-key, --retention-days)',
    );
    expect(subscriptionsFile().upd).toMatchObject({
      events: ['issues'],
      prompt: 'P {a}',
      description: 'D',
      secret,
      deliver: 'slack',
      deliver_extra: { chat_id: 'C9' },
      max_in_flight: 2,
      order_key: '{repo}#{n}',
      retention_days: 7,
    });
    expect((await cli('webhook', 'update', 'upd', '--max-in-flight', '0', '--order-key', '')).code).toBe(0);
    expect(subscriptionsFile().upd).not.toHaveProperty('max_in_flight');
    expect(subscriptionsFile().upd).not.toHaveProperty('order_key');

    const refusals = await Promise.all([
      cli('webhook', 'update', 'nope', '--prompt', 'x'),
      cli('webhook', 'update', 'upd'),
      cli('webhook', 'update', 'upd', '--max-in-flight', 'many'),
      cli('webhook', 'update', 'upd', '--deliver', 'telegram'),
      cli('webhook', 'subscribe', 'upd', '--deliver', 'log'),
    ]);
    expect(refusals.map((result) => result.code)).toEqual([1, 1, 1, 1, 1]);
    expect(refusals.map((result) => result.stderr.trim())).toEqual([
      'error: no subscription named "nope"; create it with: switchyard webhook subscribe nope',
      'error: nothing to change: give at least one option (see switchyard webhook update --help)',
      'error: --max-in-flight must be a whole number from 0 to 1000',
      'error: --deliver telegram needs TELEGRAM_BOT_TOKEN to be set',
      'error: a subscription named "upd" exists; change some of its options with "switchyard webhook update upd ..." or replace it whole with --replace',
    ]);
    // Nothing of the refused commands was written.
    expect(subscriptionsFile().upd).toMatchObject({ deliver: 'slack', events: ['issues'] });
  }, 120_000);
});

describe('webhook deliveries, replay, erase, resume', () => {
  it('lists as an aligned table with relative times, filtered by status and time', async () => {
    await waitFor(
      async () => {
        const rows = await harness.db
          .fork()
          .execute<{ n: number }[]>("select count(*)::int as n from webhook_delivery where status in ('queued', 'running')");
        return rows[0]?.n === 0;
      },
      15_000,
      'the earlier deliveries to finish',
    );
    const table = await cli('webhook', 'deliveries');
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID {36}ROUTE +EVENT +TARGET +STATUS +ATTEMPTS +ACCEPTED +ERROR$/);
    const statusColumn = lines[0]?.indexOf('STATUS') ?? -1;
    for (const line of lines.slice(1)) {
      expect(line.slice(statusColumn)).toMatch(/^(delivered|failed) /);
      expect(line).toMatch(/ (just now|\d+s ago|\d+m ago)( |$)/);
    }
    const failed = await cli('webhook', 'deliveries', '--status', 'failed');
    expect(
      failed.stdout
        .trimEnd()
        .split('\n')
        .slice(1)
        .every((line) => line.includes(' failed ')),
    ).toBe(true);
    expect(failed.stdout).toContain('chat');
    const none = await cli('webhook', 'deliveries', '--since', '2099-01-01');
    expect(none.stdout.trim()).toBe('No deliveries found.');
    const recent = await cli('webhook', 'deliveries', 'issues', '--since', '1h', '--json');
    const listed = (JSON.parse(recent.stdout) as { deliveries: { route: string }[] }).deliveries;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((delivery) => delivery.route === 'issues')).toBe(true);
    const bad = await Promise.all([cli('webhook', 'deliveries', '--status', 'lost'), cli('webhook', 'deliveries', '--since', 'yesterday')]);
    expect(bad.map((result) => result.code)).toEqual([1, 1]);
    expect(bad[0]?.stderr.trim()).toBe('error: --status must be one of queued, running, delivered, failed');
    expect(bad[1]?.stderr).toContain('--since "yesterday" is not a duration');
  }, 120_000);

  it('replays one delivery by id and the failed ones of a route, each once', async () => {
    slack.failNext(2, 400, { ok: false, error: 'channel_not_found' });
    const ids: string[] = [];
    for (const login of ['ann', 'ben']) {
      const accepted = await harness.postSigned('chat', { user: { login } }, SECRET);
      ids.push(String(accepted.body.delivery_id));
      expect(await harness.settled(String(accepted.body.delivery_id))).toMatchObject({ status: 'failed' });
    }
    const one = await cli('webhook', 'replay', ids[0] ?? '');
    expect(one.stderr).toBe('');
    expect(one.code).toBe(0);
    const replayId = /^Queued (\S+) \(replay of (\S+)\)\.$/m.exec(one.stdout);
    expect(replayId?.[2]).toBe(ids[0]);
    expect(await harness.settled(replayId?.[1] ?? '')).toMatchObject({ status: 'delivered', route: 'chat' });
    expect(slack.requests.at(-1)).toMatchObject({ body: { text: 'agent reply' } });

    const all = await cli('webhook', 'replay', 'chat', '--failed', '--since', '1h', '--json');
    expect(all.code).toBe(0);
    const replayed = (JSON.parse(all.stdout) as { replayed: { id: string; replayOf: string }[] }).replayed;
    // Every failed delivery of the route not replayed before: ben's and the earlier test's, not ann's.
    expect(replayed.map((item) => item.replayOf)).toContain(ids[1]);
    expect(replayed.map((item) => item.replayOf)).not.toContain(ids[0]);
    for (const item of replayed) {
      expect(await harness.settled(item.id)).toMatchObject({ status: 'delivered' });
    }
    const again = await cli('webhook', 'replay', 'chat', '--failed');
    expect(again.stdout.trim()).toBe('No failed deliveries of "chat" to replay.');

    const refusals = await Promise.all([
      cli('webhook', 'replay', 'not-an-id'),
      cli('webhook', 'replay', '00000000-0000-4000-8000-000000000000'),
      cli('webhook', 'replay', 'chat', '--since', '1h'),
    ]);
    expect(refusals.map((result) => result.code)).toEqual([1, 1, 1]);
    expect(refusals[0]?.stderr.trim()).toBe('error: "not-an-id" is not a delivery id (see switchyard webhook deliveries)');
    expect(refusals[1]?.stderr.trim()).toBe('error: no delivery with id 00000000-0000-4000-8000-000000000000');
    expect(refusals[2]?.stderr).toContain('--since goes with --failed');
  }, 120_000);

  it('erases the payloads of matching events now, keeping their outcome; an erased event cannot be replayed', async () => {
    const accepted = await harness.postSigned('chat', { user: { login: 'erase-me' } }, SECRET);
    const id = String(accepted.body.delivery_id);
    await harness.settled(id);
    const kept = await harness.postSigned('chat', { user: { login: 'keep-me' } }, SECRET);
    await harness.settled(String(kept.body.delivery_id));

    const erased = await cli('webhook', 'erase', 'chat', '--match', 'user.login=erase-me');
    expect(erased.code).toBe(0);
    expect(erased.stdout.trim()).toBe('Erased the stored payloads of 1 deliveries of "chat" matching user.login=erase-me.');
    const rows = await harness.db
      .fork()
      .execute<{ id: string; payload: unknown; prompt: string; status: string; erased: boolean }[]>(
        'select id::text, payload::text as payload, prompt, status, erased_at is not null as erased from webhook_delivery where id in (?, ?) order by created_at',
        [id, String(kept.body.delivery_id)],
      );
    expect(rows[0]).toMatchObject({ payload: '{}', prompt: '', status: 'delivered', erased: true });
    expect(rows[1]).toMatchObject({ prompt: 'user keep-me', erased: false });
    const replay = await cli('webhook', 'replay', id);
    expect(replay.code).toBe(1);
    expect(replay.stderr).toContain('erased');
    const bad = await cli('webhook', 'erase', 'chat', '--match', 'no-equals');
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe('error: --match must be path=value, e.g. --match sender.login=octocat');
  }, 120_000);

  it('resume says whether the route was paused', async () => {
    const resumed = await cli('webhook', 'resume', 'chat');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout.trim()).toMatch(/^"chat" was not paused; \d+ deliveries are queued\.$/);
  }, 120_000);
});
