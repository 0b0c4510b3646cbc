import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeNamed, platformAnswers, startFakePlatform, type FakeAnswer, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { ReceiverHarness } from '../support/webhooks/receiver-harness.ts';

const SECRET = 'hints-secret';
/** The worker's longest wait between attempts; a platform's hint is capped there too. */
const RETRY_MAX_MS = 2500;

const fakes: Record<string, FakePlatform> = {};
let harness: ReceiverHarness;

const agentRoute = (deliver: string, chatId: string) => ({
  secret: SECRET,
  deliver,
  deliver_extra: { chat_id: chatId },
  prompt: 'hello {n}',
});

beforeAll(async () => {
  for (const name of ['telegram', 'discord', 'slack', 'matrix', 'github', 'model'] as const) {
    fakes[name] = await startFakePlatform(platformAnswers[name]);
  }
  const url = (name: string) => fakes[name]?.url ?? '';
  harness = await ReceiverHarness.start({
    extra: { rate_limit: 1000 },
    env: {
      // Without a hint the worker would retry after 100 to 120 ms.
      WEBHOOK_RETRY_BASE_MS: '100',
      WEBHOOK_RETRY_MAX_MS: String(RETRY_MAX_MS),
      TELEGRAM_BOT_TOKEN: '1:hints',
      TELEGRAM_API_URL: url('telegram'),
      DISCORD_BOT_TOKEN: 'hints',
      DISCORD_API_URL: url('discord'),
      SLACK_BOT_TOKEN: 'xoxb-hints',
      SLACK_API_URL: url('slack'),
      MATRIX_ACCESS_TOKEN: 'hints',
      MATRIX_API_URL: url('matrix'),
      GITHUB_TOKEN: 'ghp-hints',
      GITHUB_API_URL: url('github'),
      AGENT_BASE_URL: url('model'),
      AGENT_MODEL: 'm',
    },
    subscriptions: {
      telegram: agentRoute('telegram', '11'),
      discord: agentRoute('discord', '22'),
      slack: agentRoute('slack', 'C3'),
      matrix: agentRoute('matrix', '!r:example.org'),
      github: agentRoute('github_comment', 'acme/app#4'),
      'slack-direct': { ...agentRoute('slack', 'C4'), deliver_only: true },
    },
  });
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await Promise.all(Object.values(fakes).map((fake) => fake.close()));
});

const fake = (name: string): FakePlatform => fakeNamed(fakes, name);

/**
 * Makes the platform refuse the first attempt with `refusal`, sends an agent-mode event to its
 * route and answers the time between the two attempts the platform saw, once delivered.
 */
const timeBetweenAttempts = async (platform: string, refusal: FakeAnswer): Promise<number> => {
  const target = fake(platform);
  const before = target.requests.length;
  target.answerNext(refusal);
  const accepted = await harness.postSigned(platform, { n: randomUUID() }, SECRET, { 'x-github-delivery': randomUUID() });
  expect(accepted.status).toBe(202);
  expect(await harness.settled(String(accepted.body.delivery_id))).toMatchObject({ status: 'delivered', attempts: 2 });
  const [first, second] = target.requests.slice(before);

  return (second?.at ?? 0) - (first?.at ?? 0);
};

describe("the worker's next attempt after a platform's rate-limit answer", () => {
  it('waits at least the hint each platform gives, in its body or its Retry-After header', async () => {
    const [telegram, discord, slack, matrix] = await Promise.all([
      timeBetweenAttempts('telegram', {
        status: 429,
        body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 2', parameters: { retry_after: 2 } },
      }),
      // Discord sends both; the body's value is the more precise (and here the longer) one.
      timeBetweenAttempts('discord', {
        status: 429,
        body: { message: 'You are being rate limited.', retry_after: 1.5, global: false },
        headers: { 'retry-after': '1' },
      }),
      timeBetweenAttempts('slack', { status: 429, body: { ok: false, error: 'ratelimited' }, headers: { 'retry-after': '1' } }),
      timeBetweenAttempts('matrix', {
        status: 429,
        body: { errcode: 'M_LIMIT_EXCEEDED', error: 'Too many requests', retry_after_ms: 1200 },
      }),
    ]);
    expect(telegram).toBeGreaterThanOrEqual(2000);
    expect(discord).toBeGreaterThanOrEqual(1500);
    expect(slack).toBeGreaterThanOrEqual(1000);
    expect(matrix).toBeGreaterThanOrEqual(1200);
  }, 30_000);

  it("retries GitHub's rate-limit 403 after its Retry-After instead of failing for good", async () => {
    const waited = await timeBetweenAttempts('github', {
      status: 403,
      body: { message: 'You have exceeded a secondary rate limit.' },
      headers: { 'retry-after': '1', 'x-ratelimit-remaining': '0' },
    });
    expect(waited).toBeGreaterThanOrEqual(1000);
  });

  it('caps a very long hint at WEBHOOK_RETRY_MAX_MS', async () => {
    const waited = await timeBetweenAttempts('telegram', {
      status: 429,
      body: { ok: false, error_code: 429, parameters: { retry_after: 3600 } },
    });
    expect(waited).toBeGreaterThanOrEqual(RETRY_MAX_MS);
    expect(waited).toBeLessThan(RETRY_MAX_MS * 1.2 + 2000);
  }, 20_000);

  it("a direct delivery refused for a rate limit answers 502 with the platform's wait as Retry-After", async () => {
    fake('slack').answerNext({ status: 429, body: { ok: false, error: 'ratelimited' }, headers: { 'retry-after': '7' } });
    const refused = await harness.postSigned('slack-direct', { n: 1 }, SECRET, { 'x-github-delivery': randomUUID() });
    expect(refused).toMatchObject({ status: 502, body: { status: 'error' } });
    expect(refused.headers.get('retry-after')).toBe('7');
    const next = await harness.postSigned('slack-direct', { n: 2 }, SECRET, { 'x-github-delivery': randomUUID() });
    expect(next).toMatchObject({ status: 200, body: { status: 'delivered' } });
    expect(next.headers.get('retry-after')).toBeNull();
  });
});
