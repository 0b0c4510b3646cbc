import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeNamed, platformAnswers, startFakePlatform, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { ReceiverHarness } from '../support/webhooks/receiver-harness.ts';

const SECRET = 'targets-secret';

const fakes: Record<string, FakePlatform> = {};
let harness: ReceiverHarness;

const direct = (deliver: string, extra: Record<string, unknown> = {}) => ({ deliver, deliver_only: true, secret: SECRET, ...extra });

beforeAll(async () => {
  for (const name of ['telegram', 'discord', 'slack', 'mattermost', 'matrix', 'github', 'gitlab', 'model'] as const) {
    fakes[name] = await startFakePlatform(platformAnswers[name]);
  }
  const url = (name: string) => fakes[name]?.url ?? '';
  harness = await ReceiverHarness.start({
    extra: { rate_limit: 1000 },
    env: {
      TELEGRAM_BOT_TOKEN: '123:telegram-token',
      TELEGRAM_API_URL: url('telegram'),
      DISCORD_BOT_TOKEN: 'discord-token',
      DISCORD_API_URL: url('discord'),
      SLACK_BOT_TOKEN: 'xoxb-slack',
      SLACK_API_URL: url('slack'),
      MATTERMOST_TOKEN: 'mm-token',
      MATTERMOST_API_URL: url('mattermost'),
      MATRIX_ACCESS_TOKEN: 'syt-matrix',
      MATRIX_API_URL: url('matrix'),
      GITHUB_TOKEN: 'ghp-token',
      GITHUB_API_URL: url('github'),
      GITLAB_TOKEN: 'glpat-token',
      GITLAB_API_URL: url('gitlab'),
      AGENT_BASE_URL: `${url('model')}/v1`,
      AGENT_MODEL: 'test-model',
      AGENT_API_KEY: 'sk-model',
    },
    subscriptions: {
      telegram: direct('telegram', { deliver_extra: { chat_id: '-1001' }, prompt: 'Issue: {issue.title}' }),
      'telegram-long': direct('telegram', { deliver_extra: { chat_id: '@channel' }, prompt: '{text}' }),
      discord: direct('discord', { deliver_extra: { chat_id: '555' }, prompt: '{text}' }),
      slack: direct('slack', { deliver_extra: { chat_id: 'C1' }, prompt: 'hi {who}' }),
      mattermost: direct('mattermost', { deliver_extra: { chat_id: 'town-square' }, prompt: 'hi {who}' }),
      matrix: direct('matrix', { deliver_extra: { chat_id: '!room:example.org' }, prompt: 'hi {who}' }),
      'chat-template': direct('slack', { deliver_extra: { chat_id: '{channel}' }, prompt: 'routed' }),
      'github-comment': direct('github_comment', { prompt: 'Thanks for #{issue.number}' }),
      'github-explicit': direct('github_comment', { deliver_extra: { chat_id: '{repo}#{n}' }, prompt: 'explicit' }),
      'gitlab-comment': direct('gitlab_comment', { prompt: 'MR {object_attributes.title}' }),
      origin: direct('origin', { prompt: 'origin reply' }),
      flaky: direct('slack', { deliver_extra: { chat_id: 'C9' }, prompt: 'flaky {n}' }),
      agent: {
        secret: SECRET,
        deliver: 'telegram',
        deliver_extra: { chat_id: '42' },
        prompt: 'Summarise {issue.title}',
        skills: ['triage'],
      },
      'agent-retry': { secret: SECRET, deliver: 'discord', deliver_extra: { chat_id: '777' }, prompt: 'retry {n}' },
      'agent-origin': { secret: SECRET, deliver: 'origin', prompt: 'Review {object_attributes.title}' },
    },
    files: { 'skills/triage/SKILL.md': 'You triage issues. Be brief.\n' },
  });
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await Promise.all(Object.values(fakes).map((fake) => fake.close()));
});

const fake = (name: string): FakePlatform => fakeNamed(fakes, name);

const send = (route: string, payload: unknown, headers: Record<string, string> = {}) =>
  harness.postSigned(route, payload, SECRET, { 'x-github-delivery': randomUUID(), ...headers });

describe('direct delivery to each platform API', () => {
  it('telegram: sendMessage with the bot token in the path', async () => {
    const result = await send('telegram', { issue: { title: 'Crash' } });
    expect(result).toMatchObject({ status: 200, body: { status: 'delivered', delivery_id: expect.any(String) } });
    const request = fake('telegram').requests.at(-1);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/bot123:telegram-token/sendMessage',
      body: { chat_id: -1001, text: 'Issue: Crash' },
    });
  });

  it('telegram and discord: long messages are split within each platform limit', async () => {
    const text = Array.from({ length: 900 }, (_, index) => `word${index}`).join(' ');
    const telegramBefore = fake('telegram').requests.length;
    await send('telegram-long', { text });
    const telegramParts = fake('telegram')
      .requests.slice(telegramBefore)
      .map((request) => (request.body as { text: string }).text);
    expect(telegramParts.length).toBe(2);
    expect(telegramParts.every((part) => part.length <= 4096)).toBe(true);
    expect(telegramParts.join(' ')).toBe(text);

    const discordBefore = fake('discord').requests.length;
    await send('discord', { text });
    const discordParts = fake('discord').requests.slice(discordBefore);
    const discordTexts = discordParts.map((request) => (request.body as { content: string }).content);
    expect(discordTexts.length).toBeGreaterThanOrEqual(Math.ceil(text.length / 2000));
    expect(discordTexts.every((part) => part.length <= 2000)).toBe(true);
    expect(discordTexts.join(' ')).toBe(text);
    expect(discordParts[0]).toMatchObject({ path: '/channels/555/messages', headers: { authorization: 'Bot discord-token' } });
  });

  it('slack, mattermost and matrix: their own endpoints and auth headers', async () => {
    await send('slack', { who: 'slack' });
    expect(fake('slack').requests.at(-1)).toMatchObject({
      path: '/chat.postMessage',
      headers: { authorization: 'Bearer xoxb-slack' },
      body: { channel: 'C1', text: 'hi slack' },
    });
    await send('mattermost', { who: 'mm' });
    expect(fake('mattermost').requests.at(-1)).toMatchObject({
      path: '/api/v4/posts',
      headers: { authorization: 'Bearer mm-token' },
      body: { channel_id: 'town-square', message: 'hi mm' },
    });
    await send('matrix', { who: 'matrix' });
    const matrix = fake('matrix').requests.at(-1);
    expect(matrix).toMatchObject({
      method: 'PUT',
      headers: { authorization: 'Bearer syt-matrix' },
      body: { msgtype: 'm.text', body: 'hi matrix' },
    });
    expect(matrix?.path).toMatch(/^\/_matrix\/client\/v3\/rooms\/!room%3Aexample\.org\/send\/m\.room\.message\/switchyard_[0-9a-f-]+_0$/);
  });

  it('slack, mattermost and matrix: broadcast mentions from the payload notify no one', async () => {
    await send('slack', { who: '<!channel> @here <@U1>' });
    expect(fake('slack').requests.at(-1)).toMatchObject({ body: { text: 'hi &lt;!channel&gt; @\u200bhere <@U1>' } });
    await send('mattermost', { who: '@all @channel @alice' });
    expect(fake('mattermost').requests.at(-1)).toMatchObject({ body: { message: 'hi @\u200ball @\u200bchannel @alice' } });
    await send('matrix', { who: '@room' });
    expect(fake('matrix').requests.at(-1)).toMatchObject({ body: { body: 'hi @\u200broom', 'm.mentions': {} } });
  });

  it('the chat id may be a template over the payload', async () => {
    await send('chat-template', { channel: 'C-from-payload' });
    expect(fake('slack').requests.at(-1)).toMatchObject({ body: { channel: 'C-from-payload', text: 'routed' } });
  });

  it('github_comment: on the event issue, or on an explicit owner/repo#n reference', async () => {
    await send('github-comment', { repository: { full_name: 'acme/app' }, issue: { number: 12 } }, { 'x-github-event': 'issues' });
    expect(fake('github').requests.at(-1)).toMatchObject({
      path: '/repos/acme/app/issues/12/comments',
      headers: { authorization: 'Bearer ghp-token', 'x-github-api-version': '2022-11-28' },
      body: { body: 'Thanks for #12' },
    });
    await send('github-explicit', { repo: 'acme/other', n: 3 });
    expect(fake('github').requests.at(-1)).toMatchObject({ path: '/repos/acme/other/issues/3/comments', body: { body: 'explicit' } });
  });

  it('gitlab_comment and origin: notes on the merge request, comments on the GitHub pull request', async () => {
    const mergeRequest = {
      object_kind: 'merge_request',
      project: { id: 9, path_with_namespace: 'g/p' },
      object_attributes: { iid: 4, title: 'Bump' },
    };
    const gitlabHeaders = { 'x-gitlab-event': 'Merge Request Hook', 'x-gitlab-token': SECRET, 'x-gitlab-event-uuid': randomUUID() };
    expect((await harness.post('gitlab-comment', JSON.stringify(mergeRequest), gitlabHeaders)).body).toMatchObject({ status: 'delivered' });
    expect(fake('gitlab').requests.at(-1)).toMatchObject({
      path: '/projects/9/merge_requests/4/notes',
      headers: { 'private-token': 'glpat-token' },
      body: { body: 'MR Bump' },
    });
    await harness.post('origin', JSON.stringify(mergeRequest), { ...gitlabHeaders, 'x-gitlab-event-uuid': randomUUID() });
    expect(fake('gitlab').requests.at(-1)).toMatchObject({ path: '/projects/9/merge_requests/4/notes', body: { body: 'origin reply' } });
    await send('origin', { repository: { full_name: 'acme/app' }, number: 8, pull_request: {} }, { 'x-github-event': 'pull_request' });
    expect(fake('github').requests.at(-1)).toMatchObject({ path: '/repos/acme/app/issues/8/comments', body: { body: 'origin reply' } });
  });

  it('origin with no issue or merge request in the event: 502 and the reason recorded', async () => {
    const result = await send('origin', { hello: 'world' });
    expect(result).toMatchObject({ status: 502, body: { status: 'error' } });
    expect(await harness.delivery(String(result.body.delivery_id))).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('origin: the event names no'),
    });
  });
});

describe('direct delivery outcomes', () => {
  it('502 when the target fails; the sender retry with the same id is delivered; then duplicates', async () => {
    const deliveryId = randomUUID();
    const headers = { 'x-github-delivery': deliveryId };
    fake('slack').failNext(1, 502);
    const failed = await send('flaky', { n: 1 }, headers);
    expect(failed).toMatchObject({ status: 502, body: { status: 'error', error: 'delivery failed' } });
    expect(await harness.delivery(String(failed.body.delivery_id))).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('HTTP 502'),
    });

    const retried = await send('flaky', { n: 1 }, headers);
    expect(retried).toMatchObject({ status: 200, body: { status: 'delivered' } });
    expect(fake('slack').requests.at(-1)).toMatchObject({ body: { text: 'flaky 1' } });
    expect(await send('flaky', { n: 1 }, headers)).toMatchObject({ status: 200, body: { status: 'duplicate' } });
  });

  it('a slack answer with ok: false is a failure', async () => {
    fake('slack').failNext(1, 200, { ok: false, error: 'channel_not_found' });
    const result = await send('flaky', { n: 2 });
    expect(result.status).toBe(502);
    expect(await harness.delivery(String(result.body.delivery_id))).toMatchObject({
      lastError: 'slack chat.postMessage: channel_not_found',
    });
  });
});

describe('agent runs', () => {
  it('asks the model with the skill prepended and delivers its answer to the target', async () => {
    const accepted = await send('agent', { issue: { title: 'Login broken' } }, { 'x-github-event': 'issues' });
    expect(accepted).toMatchObject({ status: 202, body: { status: 'accepted' } });
    const settled = await harness.settled(String(accepted.body.delivery_id));
    expect(settled).toMatchObject({ status: 'delivered', attempts: 1 });
    const call = fake('model').requests.at(-1);
    expect(call).toMatchObject({
      path: '/v1/chat/completions',
      headers: { authorization: 'Bearer sk-model' },
      body: { model: 'test-model' },
    });
    const messages = (call?.body as { messages: { role: string; content: string }[] }).messages;
    expect(messages[0]?.role).toBe('system');
    expect(messages[0]?.content.startsWith('You triage issues. Be brief.')).toBe(true);
    expect(messages[1]).toEqual({ role: 'user', content: 'Summarise Login broken' });
    expect(fake('telegram').requests.at(-1)).toMatchObject({ body: { chat_id: 42, text: 'Agent says: Summarise Login broken' } });
  });

  it('retries a failed delivery with backoff without asking the model again', async () => {
    const modelCalls = fake('model').requests.length;
    fake('discord').failNext(2, 503);
    const accepted = await send('agent-retry', { n: 5 });
    const settled = await harness.settled(String(accepted.body.delivery_id));
    expect(settled).toMatchObject({ status: 'delivered', attempts: 3, lastError: null });
    expect(fake('model').requests.length).toBe(modelCalls + 1);
    expect(fake('discord').requests.at(-1)).toMatchObject({ body: { content: 'Agent says: retry 5' } });
  });

  it('a permanent target error is recorded at once', async () => {
    fake('discord').failNext(1, 403, { message: 'Missing Access' });
    const accepted = await send('agent-retry', { n: 6 });
    expect(await harness.settled(String(accepted.body.delivery_id))).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: expect.stringContaining('HTTP 403'),
    });
  });

  it('answers on the GitLab merge request the event came from', async () => {
    const payload = { object_kind: 'merge_request', project: { id: 9 }, object_attributes: { iid: 11, title: 'Refactor' } };
    const accepted = await harness.post('agent-origin', JSON.stringify(payload), {
      'x-gitlab-event': 'Merge Request Hook',
      'x-gitlab-token': SECRET,
      'x-gitlab-event-uuid': randomUUID(),
    });
    expect(accepted.status).toBe(202);
    await harness.settled(String(accepted.body.delivery_id));
    expect(fake('gitlab').requests.at(-1)).toMatchObject({
      path: '/projects/9/merge_requests/11/notes',
      body: { body: 'Agent says: Review Refactor' },
    });
  });
});
