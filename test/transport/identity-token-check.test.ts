import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeIdentity, type FakeIdentity } from '../support/fake-identity.ts';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

/**
 * The token check of signed-in requests: in process with the built-in provider, so a burst of
 * requests with one valid token is never turned away as unauthenticated; with an outside provider,
 * a provider that cannot say is a 503 with Retry-After, never a 401.
 */

const SERVICE_KEY = 'token-check-service-key';
const REQUESTS = 1_000;
/** Requests in flight at once: enough to queue on a slow, shared machine, few enough not to exhaust its sockets. */
const IN_FLIGHT = 100;

type Answer = { status: number; headers: Headers; body: any };

const callAt = async (base: string, path: string, init: { method?: string; bearer?: string; body?: unknown } = {}): Promise<Answer> => {
  const headers: Record<string, string> = {};
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();

  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
};

/** Sends every request, at most `limit` at a time, and counts the answers by status. */
const sendAll = async (count: number, limit: number, send: () => Promise<number>): Promise<Record<number, number>> => {
  const statuses: number[] = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next += 1;
      statuses.push(await send());
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
  expect(statuses).toHaveLength(count);

  return statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
};

describe('with the built-in provider', () => {
  let app: TestTransport;
  let operatorToken: string;

  beforeAll(async () => {
    // A short identity time limit, as a busy server meets it: a token check that waited on a
    // loopback call queued behind the burst would run out of it.
    app = await startTestTransport({ IDENTITY_SERVICE_KEY: SERVICE_KEY, TRANSPORT_HTTP_TIMEOUT_MS: '300' });
    const created = await callAt(app.url, '/auth/v1/admin/users', {
      method: 'POST',
      bearer: SERVICE_KEY,
      body: { email: 'busy-op@demo.test', password: 'busy-op-pass', app_metadata: { role: 'operator', tenant_id: 'demo' } },
    });
    expect(created.status).toBe(200);
    const session = await callAt(app.url, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: { email: 'busy-op@demo.test', password: 'busy-op-pass' },
    });
    expect(session.status).toBe(200);
    operatorToken = session.body.access_token;
  });
  afterAll(async () => app?.close());

  it(`answers ${REQUESTS} requests with one valid operator token without a single 401`, async () => {
    const counts = await sendAll(REQUESTS, IN_FLIGHT, async () => {
      const response = await fetch(`${app.url}/api/routes`, { headers: { Authorization: `Bearer ${operatorToken}` } });
      await response.arrayBuffer();

      return response.status;
    });
    expect(counts[401]).toBeUndefined();
    expect(Object.keys(counts).filter((status) => status !== '200' && status !== '429')).toEqual([]);
    expect(counts[200]).toBeGreaterThan(0);
    expect((counts[200] ?? 0) + (counts[429] ?? 0)).toBe(REQUESTS);
  }, 180_000);

  it('keeps the rules of the token check: an unknown, an expired and a logged-out token are 401', async () => {
    expect((await callAt(app.url, '/api/routes', { bearer: 'not-a-token' })).status).toBe(401);

    const session = await callAt(app.url, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: { email: 'busy-op@demo.test', password: 'busy-op-pass' },
    });
    const token = session.body.access_token as string;
    expect((await callAt(app.url, '/api/routes', { bearer: token })).status).toBe(200);
    app.setNow(new Date(Date.now() + 61 * 60 * 1000));
    try {
      expect(await callAt(app.url, '/api/routes', { bearer: token })).toMatchObject({ status: 401, body: { detail: 'Invalid token' } });
    } finally {
      app.setNow(null);
    }

    expect((await callAt(app.url, '/api/routes', { bearer: token })).status).toBe(200);
    expect((await callAt(app.url, '/auth/v1/logout?scope=local', { method: 'POST', bearer: token })).status).toBe(204);
    expect(await callAt(app.url, '/api/routes', { bearer: token })).toMatchObject({ status: 401, body: { detail: 'Invalid token' } });
    // The burst's token, of another sign-in, still works.
    expect((await callAt(app.url, '/api/routes', { bearer: operatorToken })).status).toBe(200);
  });
});

describe('with an outside provider', () => {
  let identity: FakeIdentity;
  let app: TestTransport;
  let operatorToken: string;

  beforeAll(async () => {
    identity = await startFakeIdentity();
    // Long enough for a busy machine's fake to answer; the hanging provider is given up on after it.
    app = await startTestTransport({ IDENTITY_URL: identity.url, TRANSPORT_HTTP_TIMEOUT_MS: '2000' });
    operatorToken = identity.addUser({ email: 'far-op@demo.test', appRole: 'operator', appTenant: 'demo' });
  });
  afterAll(async () => {
    identity.hang(false);
    identity.failWith(null);
    await app?.close();
    await identity?.close();
  });

  const warnings = () =>
    app.logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string; path?: string; status?: number })
      .filter((line) => line.level === 40);

  it('answers 503 with Retry-After and logs a warning when the provider does not answer in time, and 200 once it answers', async () => {
    expect((await callAt(app.url, '/api/routes', { bearer: operatorToken })).status).toBe(200);
    identity.hang(true);
    const before = warnings().length;
    const stuck = await callAt(app.url, '/api/routes', { bearer: operatorToken });
    expect(stuck.status).toBe(503);
    expect(stuck.headers.get('retry-after')).toBe('2');
    expect(stuck.body).toEqual({ detail: 'The identity provider could not be reached; try again in a moment.' });
    expect(warnings().slice(before)).toEqual([expect.objectContaining({ msg: 'identity provider did not answer', path: '/auth/v1/user' })]);
    expect(app.logLines.join('\n')).not.toContain(operatorToken);

    identity.hang(false);
    expect((await callAt(app.url, '/api/routes', { bearer: operatorToken })).status).toBe(200);
  });

  it('answers 503 with Retry-After when the provider answers the token check with a server error or its own 429', async () => {
    for (const status of [500, 502, 503, 429]) {
      identity.failWith(status);
      const answer = await callAt(app.url, '/api/routes', { bearer: operatorToken });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('2');
      expect(answer.body.detail).toContain(`HTTP ${status}`);
    }
    identity.failWith(null);
  });

  it('still answers 401 when the provider refuses the token', async () => {
    expect(await callAt(app.url, '/api/routes', { bearer: 'unknown-to-the-provider' })).toMatchObject({
      status: 401,
      body: { detail: 'Invalid token' },
    });
    identity.failWith(401);
    expect((await callAt(app.url, '/api/routes', { bearer: operatorToken })).status).toBe(401);
    identity.failWith(null);
  });

  it('answers 503 with Retry-After when the provider is down, through REST and tRPC', async () => {
    // A port that was just listening and is closed now: nothing answers there.
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const { port } = gone.address() as AddressInfo;
    await new Promise<void>((resolve) => gone.close(() => resolve()));
    const down = await startTestTransport({ IDENTITY_URL: `http://127.0.0.1:${port}`, TRANSPORT_HTTP_TIMEOUT_MS: '4000' });
    try {
      const rest = await callAt(down.url, '/api/routes', { bearer: 'any-token' });
      expect(rest.status).toBe(503);
      expect(rest.headers.get('retry-after')).toBe('4');
      const trpc = await callAt(down.url, '/trpc/operations.listRoutes', { bearer: 'any-token' });
      expect(trpc.status).toBe(503);
      expect(trpc.headers.get('retry-after')).toBe('4');
      expect(trpc.body.error.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', appCode: 'service_unavailable', httpStatus: 503 });
      const logged = down.logLines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.level === 40 && line.msg === 'identity provider did not answer');
      expect(logged.length).toBeGreaterThanOrEqual(2);
    } finally {
      await down.close();
    }
  });
});
