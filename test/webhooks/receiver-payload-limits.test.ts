import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { platformAnswers, startFakePlatform, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { ReceiverHarness } from '../support/webhooks/receiver-harness.ts';

const SECRET = 'limits-secret';

let slack: FakePlatform;
let harness: ReceiverHarness;

beforeAll(async () => {
  slack = await startFakePlatform(platformAnswers.slack);
  const direct = { deliver: 'slack', deliver_only: true, deliver_extra: { chat_id: 'C1' } };
  harness = await ReceiverHarness.start({
    extra: { secret: SECRET, rate_limit: 1000 },
    env: { AGENT_COMMAND: 'cat', SLACK_BOT_TOKEN: 'xoxb-test', SLACK_API_URL: slack.url },
    subscriptions: {
      agent: { prompt: 'event {action}' },
      whole: direct,
      value: { ...direct, prompt: 'items: {items}' },
    },
  });
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await slack?.close();
});

const sendRaw = (route: string, text: string) =>
  harness.post(route, text, { 'x-hub-signature-256': githubSignature(SECRET, text), 'x-github-delivery': randomUUID() });

const slackText = () => (slack.requests.at(-1)?.body as { text: string }).text;

const slackMessageOf = async (route: string, text: string): Promise<string> => {
  const before = slack.requests.length;
  const answer = await sendRaw(route, text);
  expect(answer.status).toBe(200);
  // Everything the route posted for this event, split parts joined.
  return slack.requests
    .slice(before)
    .map((request) => (request.body as { text: string }).text)
    .join('');
};

describe('payload limits', () => {
  it('refuses a deeply nested body with 400 and keeps answering', async () => {
    for (const depth of [65, 4000, 100_000]) {
      const text = `{"action":"deep","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      for (const route of ['agent', 'whole']) {
        expect(await sendRaw(route, text)).toMatchObject({ status: 400, body: { error: 'payload nested deeper than 64 levels' } });
      }
    }
    const health = await fetch(`${harness.url}/health`);
    expect(health.status).toBe(200);
    const shallow = `{"action":"ok","x":${'['.repeat(60)}${']'.repeat(60)}}`;
    expect((await sendRaw('agent', shallow)).status).toBe(202);
  });

  it('refuses with 400, before storing, JSON that PostgreSQL cannot store', async () => {
    const cases: [string, string][] = [
      ['{"action":"a\\u0000b"}', 'payload contains a \\u0000 character'],
      ['{"action":"\\ud800"}', 'payload contains an unpaired surrogate escape'],
      ['{"action":1e999999}', 'payload contains a number out of range'],
    ];
    for (const [text, error] of cases) {
      expect(await sendRaw('agent', text)).toMatchObject({ status: 400, body: { error } });
      expect(await sendRaw('whole', text)).toMatchObject({ status: 400, body: { error } });
    }
    // Escaped text that is fine stays fine.
    expect((await sendRaw('agent', '{"action":"\\ud83d\\ude00 \\u00e9"}')).status).toBe(202);
  });

  it('renders a large but shallow payload bounded, with a truncation mark', async () => {
    const items = Array.from({ length: 20_000 }, (_, index) => ({ index, name: `item ${index}` }));
    const whole = await slackMessageOf('whole', JSON.stringify({ action: 'big', items }));
    expect(whole.length).toBeLessThanOrEqual(20_100);
    expect(whole).toContain('(truncated)');
    const value = await slackMessageOf('value', JSON.stringify({ items }));
    expect(value.length).toBeLessThanOrEqual(4_100);
    expect(slackText()).toContain('(truncated)');
  });
});
