import { randomUUID } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReceiverHarness } from '../support/webhooks/receiver-harness.ts';

const FIRST_SECRET = 'first-global-secret';
const SECOND_SECRET = 'second-global-secret';

let harness: ReceiverHarness;

beforeAll(async () => {
  harness = await ReceiverHarness.start({
    extra: { secret: FIRST_SECRET, rate_limit: 1000, max_body_bytes: 1024 },
    env: { AGENT_COMMAND: 'cat' },
    // No secret of its own: the global one signs it.
    subscriptions: { shared: { deliver: 'log', prompt: 'event {n}' } },
  });
});

afterAll(async () => {
  await harness?.close();
});

const send = (secret: string, payload: unknown = { n: randomUUID() }) =>
  harness.postSigned('shared', payload, secret, { 'x-github-delivery': randomUUID() });

describe('global settings of config.yaml changed while the receiver runs', () => {
  it('a new global secret applies from the next request', async () => {
    expect((await send(FIRST_SECRET)).status).toBe(202);
    harness.rewriteConfig({ secret: SECOND_SECRET, rate_limit: 1000, max_body_bytes: 1024 });
    expect(await send(FIRST_SECRET)).toMatchObject({ status: 401, body: { error: 'invalid signature' } });
    expect((await send(SECOND_SECRET)).status).toBe(202);
  });

  it('a new body limit applies from the next request', async () => {
    const big = { n: randomUUID(), text: 'x'.repeat(2000) };
    expect((await send(SECOND_SECRET, big)).status).toBe(413);
    harness.rewriteConfig({ secret: SECOND_SECRET, rate_limit: 1000, max_body_bytes: 4096 });
    expect((await send(SECOND_SECRET, big)).status).toBe(202);
  });

  it('a new rate limit applies from the next request', async () => {
    harness.rewriteConfig({ secret: SECOND_SECRET, rate_limit: 2, max_body_bytes: 4096 });
    // What this route accepted in the tests above already counts against the new limit.
    const limited = await send(SECOND_SECRET);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    harness.rewriteConfig({ secret: SECOND_SECRET, rate_limit: 1000, max_body_bytes: 4096 });
    expect((await send(SECOND_SECRET)).status).toBe(202);
  });

  it('an invalid value keeps the settings in force until the file is fixed', async () => {
    harness.rewriteConfig({ secret: FIRST_SECRET, rate_limit: 'plenty', max_body_bytes: 1024 });
    // Nothing of the broken file applies: neither its secret nor its body limit.
    expect((await send(FIRST_SECRET)).status).toBe(401);
    expect((await send(SECOND_SECRET, { n: randomUUID(), text: 'x'.repeat(2000) })).status).toBe(202);
    harness.rewriteConfig({ secret: FIRST_SECRET, rate_limit: 1000, max_body_bytes: 1024 });
    expect((await send(FIRST_SECRET)).status).toBe(202);
  });
});

describe('subscriptions file changed while the receiver runs', () => {
  it('an invalid subscriptions file keeps the routes in force until it is fixed', async () => {
    const file = join(harness.home, 'webhook_subscriptions.json');
    harness.rewriteConfig({ secret: FIRST_SECRET, rate_limit: 1000, max_body_bytes: 1024 });
    expect((await send(FIRST_SECRET)).status).toBe(202);
    writeFileSync(`${file}.new`, '{"shared": {"deliver": "log"');
    renameSync(`${file}.new`, file);
    expect((await send(FIRST_SECRET)).status).toBe(202);
    writeFileSync(`${file}.new`, JSON.stringify({ other: { deliver: 'log' } }));
    renameSync(`${file}.new`, file);
    expect((await send(FIRST_SECRET)).status).toBe(404);
  });
});

describe('WEBHOOK_SECRET and WEBHOOK_PORT override config.yaml, each on its own', () => {
  it('WEBHOOK_SECRET replaces the global secret of config.yaml', async () => {
    const overridden = await ReceiverHarness.start({
      extra: { secret: 'config-secret', rate_limit: 1000 },
      env: { AGENT_COMMAND: 'cat', WEBHOOK_SECRET: 'env-secret' },
      subscriptions: { shared: { deliver: 'log' } },
    });
    try {
      expect((await overridden.postSigned('shared', { a: 1 }, 'config-secret')).status).toBe(401);
      expect((await overridden.postSigned('shared', { a: 2 }, 'env-secret')).status).toBe(202);
    } finally {
      await overridden.close();
    }
  });

  it('WEBHOOK_PORT alone moves the listening port; the config secret still applies', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const moved = await ReceiverHarness.start({
      extra: { secret: 'config-secret', rate_limit: 1000 },
      env: { AGENT_COMMAND: 'cat', WEBHOOK_PORT: String(port) },
      subscriptions: { shared: { deliver: 'log' } },
    });
    try {
      expect(new URL(moved.url).port).toBe(String(port));
      expect((await moved.postSigned('shared', { a: 1 }, 'config-secret')).status).toBe(202);
    } finally {
      await moved.close();
    }
  });
});
