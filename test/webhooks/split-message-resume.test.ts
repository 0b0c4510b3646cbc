import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS, splitMessage } from '@switchyard/domain/webhooks/split-message';
import { platformAnswers, startFakePlatform, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { ReceiverHarness } from '../support/webhooks/receiver-harness.ts';

const SECRET = 'resume-secret';

let telegram: FakePlatform;
let discord: FakePlatform;
let model: FakePlatform;
let harness: ReceiverHarness;

beforeAll(async () => {
  telegram = await startFakePlatform(platformAnswers.telegram);
  discord = await startFakePlatform(platformAnswers.discord);
  model = await startFakePlatform(platformAnswers.model);
  harness = await ReceiverHarness.start({
    extra: { rate_limit: 1000 },
    env: {
      TELEGRAM_BOT_TOKEN: '1:resume',
      TELEGRAM_API_URL: telegram.url,
      DISCORD_BOT_TOKEN: 'resume',
      DISCORD_API_URL: discord.url,
      AGENT_BASE_URL: model.url,
      AGENT_MODEL: 'm',
    },
    subscriptions: {
      direct: { secret: SECRET, deliver: 'telegram', deliver_only: true, deliver_extra: { chat_id: '7' }, prompt: '{text}' },
      agent: { secret: SECRET, deliver: 'discord', deliver_extra: { chat_id: '8' }, prompt: '{text}' },
    },
  });
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await Promise.all([telegram?.close(), discord?.close(), model?.close()]);
});

const words = (count: number, tag: string) => Array.from({ length: count }, (_, index) => `${tag}${index}`).join(' ');
const texts = (platform: FakePlatform, from: number, field: 'text' | 'content') =>
  platform.requests.slice(from).map((request) => (request.body as Record<string, string>)[field] ?? '');

describe('a split message whose delivery fails part-way', () => {
  it('direct delivery: the sender retry sends only the parts not sent yet', async () => {
    const text = words(2000, 'w');
    const parts = splitMessage(text, MESSAGE_LIMITS.telegram);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    const id = randomUUID();
    const before = telegram.requests.length;
    telegram.answerNext('normal', { status: 502, body: { ok: false, description: 'Bad Gateway' } });
    const failed = await harness.postSigned('direct', { text }, SECRET, { 'x-github-delivery': id });
    expect(failed.status).toBe(502);

    const retried = await harness.postSigned('direct', { text }, SECRET, { 'x-github-delivery': id });
    expect(retried).toMatchObject({ status: 200, body: { status: 'delivered' } });
    // Part 1 once, part 2 failed and again, then the rest.
    expect(texts(telegram, before, 'text')).toEqual([parts[0], parts[1], ...parts.slice(1)]);
    // The receipt names every part's message, the one the failed attempt sent included.
    const messageIds = parts.map((_, index) => String(100 + before + (index === 0 ? 0 : index + 1)));
    expect((await harness.delivery(String(retried.body.delivery_id)))?.resultRef).toBe(messageIds.join(','));
  });

  it('direct delivery: a retry whose message changed meanwhile starts over', async () => {
    const id = randomUUID();
    const before = telegram.requests.length;
    telegram.answerNext('normal', { status: 502, body: { ok: false, description: 'Bad Gateway' } });
    expect((await harness.postSigned('direct', { text: words(2000, 'x') }, SECRET, { 'x-github-delivery': id })).status).toBe(502);
    // Same event id, different text (as after a route's prompt was edited): nothing is skipped.
    const changed = words(2000, 'y');
    expect(await harness.postSigned('direct', { text: changed }, SECRET, { 'x-github-delivery': id })).toMatchObject({ status: 200 });
    expect(texts(telegram, before + 2, 'text')).toEqual(splitMessage(changed, MESSAGE_LIMITS.telegram));
  });

  it('agent mode: the worker retry resumes with the first unsent part', async () => {
    const text = words(1000, 'a');
    const parts = splitMessage(`Agent says: ${text}`, MESSAGE_LIMITS.discord);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    const before = discord.requests.length;
    discord.answerNext('normal', { status: 503, body: { message: 'upstream hiccup' } });
    const accepted = await harness.postSigned('agent', { text }, SECRET, { 'x-github-delivery': randomUUID() });
    expect(accepted.status).toBe(202);
    const settled = await harness.settled(String(accepted.body.delivery_id));
    expect(settled).toMatchObject({ status: 'delivered', attempts: 2 });

    expect(texts(discord, before, 'content')).toEqual([parts[0], parts[1], ...parts.slice(1)]);
    expect(settled.resultRef).toBe(parts.map((_, index) => `d${before + (index === 0 ? 0 : index + 1)}`).join(','));
  });
});
