import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericSignature, githubSignature, standardWebhooksSignature } from '@switchyard/domain/webhooks/verify-signature';
import { ReceiverHarness } from '../support/webhooks/receiver-harness.ts';

const SECRET = 'route-secret';
const WHSEC = `whsec_${Buffer.from('a 32 byte key for standard hooks').toString('base64')}`;

let harness: ReceiverHarness;

beforeAll(async () => {
  harness = await ReceiverHarness.start({
    extra: { max_body_bytes: 2048, rate_limit: 1000 },
    env: { AGENT_COMMAND: 'cat' },
    subscriptions: {
      signed: { secret: SECRET, prompt: 'event {action}' },
      standard: { secret: WHSEC },
      limited: { secret: SECRET, rate_limit: 2 },
      fanout: { secret: SECRET },
      'empty-key': { secret: 'whsec_' },
      'junk-key': { secret: 'whsec_!!!!' },
      'proto-header': { secret: SECRET, filters: { field: 'headers.constructor', exists: true } },
    },
  });
});

afterAll(async () => {
  await harness?.close();
});

const body = JSON.stringify({ action: 'opened' });
const now = () => Math.floor(Date.now() / 1000);

describe('receiver status codes', () => {
  it('answers the health check', async () => {
    const response = await fetch(`${harness.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('404 for an unknown route, 405 for other methods on a route', async () => {
    expect((await harness.post('nope', body, { 'x-hub-signature-256': githubSignature(SECRET, body) })).status).toBe(404);
    const get = await fetch(`${harness.url}/webhooks/signed`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('413 for a body over max_body_bytes, by declared length and by chunked stream', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(3000) });
    const declared = await harness.post('signed', big, { 'x-hub-signature-256': githubSignature(SECRET, big) });
    expect(declared.status).toBe(413);
    const chunks = [Buffer.from(big.slice(0, 1500)), Buffer.from(big.slice(1500))];
    const streamed = await fetch(`${harness.url}/webhooks/signed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': githubSignature(SECRET, big) },
      body: new ReadableStream({
        start(controller) {
          chunks.forEach((chunk) => controller.enqueue(chunk));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('GitHub signature: valid accepted (202), wrong and missing refused (401)', async () => {
    const accepted = await harness.post('signed', body, {
      'x-hub-signature-256': githubSignature(SECRET, body),
      'x-github-event': 'issues',
      'x-github-delivery': randomUUID(),
    });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ status: 'accepted', delivery_id: expect.any(String) });
    const wrong = await harness.post('signed', body, { 'x-hub-signature-256': githubSignature('nope', body) });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'invalid signature' } });
    const missing = await harness.post('signed', body);
    expect(missing).toMatchObject({ status: 401, body: { error: 'missing signature' } });
  });

  it('GitLab token: equal accepted, different refused', async () => {
    const headers = { 'x-gitlab-event': 'Issue Hook', 'x-gitlab-event-uuid': randomUUID() };
    expect((await harness.post('signed', body, { ...headers, 'x-gitlab-token': SECRET })).status).toBe(202);
    expect((await harness.post('signed', body, { ...headers, 'x-gitlab-token': 'guess' })).status).toBe(401);
  });

  it('generic X-Webhook-Signature: valid accepted, wrong refused', async () => {
    const fresh = JSON.stringify({ action: 'generic', n: randomUUID() });
    expect((await harness.post('signed', fresh, { 'x-webhook-signature': genericSignature(SECRET, fresh) })).status).toBe(202);
    expect((await harness.post('signed', fresh, { 'x-webhook-signature': genericSignature('x', fresh) })).status).toBe(401);
  });

  it('Standard Webhooks: valid accepted, wrong, expired and missing parts refused, replay answered as duplicate', async () => {
    const id = `msg_${randomUUID()}`;
    const timestamp = now();
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': standardWebhooksSignature(WHSEC, id, timestamp, body),
    };
    const accepted = await harness.post('standard', body, headers);
    expect(accepted.status).toBe(202);
    // The same message again (a replay within the window) is recognised by its webhook-id.
    expect(await harness.post('standard', body, headers)).toMatchObject({ status: 200, body: { status: 'duplicate' } });

    const wrong = {
      ...headers,
      'webhook-signature': standardWebhooksSignature(
        `whsec_${Buffer.from('another 32 byte key, not the one').toString('base64')}`,
        id,
        timestamp,
        body,
      ),
    };
    expect((await harness.post('standard', body, wrong)).status).toBe(401);
    const old = timestamp - 600;
    const expired = {
      'webhook-id': id,
      'webhook-timestamp': String(old),
      'webhook-signature': standardWebhooksSignature(WHSEC, id, old, body),
    };
    expect(await harness.post('standard', body, expired)).toMatchObject({
      status: 401,
      body: { error: expect.stringContaining('window') },
    });
    const noTimestamp = { 'webhook-id': id, 'webhook-signature': headers['webhook-signature'] };
    expect((await harness.post('standard', body, noTimestamp)).status).toBe(401);
  });

  it('Standard Webhooks replay: unsigned id headers added to a captured request do not make it new', async () => {
    const id = `msg_${randomUUID()}`;
    const timestamp = now();
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': standardWebhooksSignature(WHSEC, id, timestamp, body),
    };
    expect((await harness.post('standard', body, headers)).status).toBe(202);
    for (const extra of ['x-github-delivery', 'x-gitlab-event-uuid', 'x-request-id', 'svix-id']) {
      expect(await harness.post('standard', body, { ...headers, [extra]: randomUUID() })).toMatchObject({
        status: 200,
        body: { status: 'duplicate' },
      });
    }
  });

  it('svix-* headers: valid accepted, replay by svix-id answered as duplicate', async () => {
    const id = `msg_${randomUUID()}`;
    const timestamp = now();
    const headers = {
      'svix-id': id,
      'svix-timestamp': String(timestamp),
      'svix-signature': standardWebhooksSignature(WHSEC, id, timestamp, body),
    };
    expect((await harness.post('standard', body, headers)).status).toBe(202);
    expect(await harness.post('standard', body, { ...headers, 'x-github-delivery': randomUUID() })).toMatchObject({
      status: 200,
      body: { status: 'duplicate' },
    });
  });

  it('Standard Webhooks secret rotation: one valid v1 signature among several is enough', async () => {
    const id = `msg_${randomUUID()}`;
    const timestamp = now();
    const oldKey = `whsec_${Buffer.from('an older 32 byte key for hooks!!').toString('base64')}`;
    const both = `${standardWebhooksSignature(oldKey, id, timestamp, body)} ${standardWebhooksSignature(WHSEC, id, timestamp, body)}`;
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': both };
    expect((await harness.post('standard', body, headers)).status).toBe(202);
    const onlyOld = {
      ...headers,
      'webhook-id': `${id}-b`,
      'webhook-signature': standardWebhooksSignature(oldKey, `${id}-b`, timestamp, body),
    };
    expect((await harness.post('standard', body, onlyOld)).status).toBe(401);
  });

  it('X-Request-ID identifies a generic-signature delivery', async () => {
    const payload = JSON.stringify({ action: 'rid', n: randomUUID() });
    const request = randomUUID();
    const headers = { 'x-webhook-signature': genericSignature(SECRET, payload), 'x-request-id': request };
    expect((await harness.post('signed', payload, headers)).status).toBe(202);
    expect(await harness.post('signed', payload, headers)).toMatchObject({ status: 200, body: { status: 'duplicate' } });
  });

  it('a route whose whsec_ secret is not valid base64 of 24 to 64 bytes is not served, and an empty key signs nothing', async () => {
    const id = `msg_${randomUUID()}`;
    const timestamp = now();
    const forged = `v1,${createHmac('sha256', Buffer.alloc(0)).update(`${id}.${timestamp}.`).update(body).digest('base64')}`;
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': forged };
    for (const route of ['empty-key', 'junk-key']) {
      expect((await harness.post(route, body, headers)).status).toBe(404);
    }
  });

  it('header filters see only the request headers, not Object.prototype members', async () => {
    expect(
      await harness.post('proto-header', body, { 'x-hub-signature-256': githubSignature(SECRET, body), 'x-github-delivery': randomUUID() }),
    ).toMatchObject({
      status: 200,
      body: { status: 'ignored', reason: 'filter' },
    });
  });

  it('400 for a signed body that is not JSON', async () => {
    const text = 'not json';
    expect(await harness.post('signed', text, { 'x-hub-signature-256': githubSignature(SECRET, text) })).toMatchObject({
      status: 400,
      body: { error: 'body is not JSON' },
    });
  });

  it('429 with Retry-After over the route rate limit, counted after authentication', async () => {
    const forged = await harness.post('limited', body, { 'x-hub-signature-256': githubSignature('forged', body) });
    expect(forged.status).toBe(401);
    const send = (n: number) => {
      const payload = JSON.stringify({ n });

      return harness.post('limited', payload, { 'x-hub-signature-256': githubSignature(SECRET, payload) });
    };
    expect((await send(1)).status).toBe(202);
    expect((await send(2)).status).toBe(202);
    const limited = await send(3);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('duplicate: the same delivery id while queued or after delivery; other routes are not affected', async () => {
    const delivery = randomUUID();
    const headers = { 'x-hub-signature-256': githubSignature(SECRET, body), 'x-github-delivery': delivery };
    const first = await harness.post('signed', body, headers);
    expect(first.status).toBe(202);
    expect(await harness.post('signed', body, headers)).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    const settled = await harness.settled(String(first.body.delivery_id));
    expect(settled.status).toBe('delivered');
    expect(await harness.post('signed', body, headers)).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    // Same provider delivery id on another route is a different event.
    const other = await harness.post('fanout', body, {
      'x-hub-signature-256': githubSignature(SECRET, body),
      'x-github-delivery': delivery,
    });
    expect(other.status).toBe(202);
  });

  it('without a delivery id header, an identical body is recognised by its hash', async () => {
    const payload = JSON.stringify({ action: 'hash', id: randomUUID() });
    const headers = { 'x-hub-signature-256': githubSignature(SECRET, payload) };
    expect((await harness.post('signed', payload, headers)).status).toBe(202);
    expect(await harness.post('signed', payload, headers)).toMatchObject({ status: 200, body: { status: 'duplicate' } });
  });

  it('a payload the database would refuse fails alone, with 400: events sent with it are still accepted', async () => {
    // JSON.parse accepts \u0000 in a string, PostgreSQL's jsonb does not; it is refused before storing.
    const refused = '{"action":"nul","text":"a\\u0000b"}';
    const fine = Array.from({ length: 5 }, () => JSON.stringify({ action: 'batch', id: randomUUID() }));
    const answers = await Promise.all(
      [refused, ...fine].map((payload) => harness.post('signed', payload, { 'x-hub-signature-256': githubSignature(SECRET, payload) })),
    );
    expect(answers[0]).toMatchObject({ status: 400, body: { error: 'payload contains a \\u0000 character' } });
    expect(answers.slice(1).map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202]);
  });
});
