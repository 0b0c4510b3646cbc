import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, freshIp, intakeBody, signInToken } from '../support/claims-client.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims();
});
afterAll(async () => {
  await claims?.close();
});

/** Calls the tRPC endpoint the way the web app's link does: JSON in, JSON out, no transformer. */
const trpc = async (path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) => {
  const response = await fetch(`${claims.url}/trpc/${path}`, {
    method: init.method ?? 'POST',
    headers: { 'X-Forwarded-For': freshIp(), ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const text = await response.text();

  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
};

/** The parts of a tRPC error a caller may rely on; anything about our code stays out. */
const expectCleanError = (answer: { text: string; body: any }, status: number, appCode: string) => {
  const errors = Array.isArray(answer.body) ? answer.body.map((item: any) => item.error) : [answer.body.error];
  for (const error of errors) {
    expect(error.data.httpStatus).toBe(status);
    expect(error.data.appCode).toBe(appCode);
    expect(error.data).not.toHaveProperty('stack');
    expect(typeof error.message).toBe('string');
  }
  expect(answer.text).not.toMatch(/"stack"|node_modules|apps\/api|packages\/|\.ts:\d+|\bat [\w.<>]+ \(/);
};

describe('tRPC errors', () => {
  it('answer 429 with Retry-After in seconds, like the REST paths', async () => {
    const email = `trpc-limit-${Date.now()}@example.test`;
    for (let index = 0; index < 3; index++) {
      expect((await trpc('auth.request', { body: JSON.stringify({ email }) })).status).toBe(200);
    }
    const limited = await trpc('auth.request', { body: JSON.stringify({ email }) });
    expect(limited.status).toBe(429);
    expectCleanError(limited, 429, 'rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('answer 429 with Retry-After for a batched call too', async () => {
    const email = `trpc-batch-limit-${Date.now()}@example.test`;
    const input = JSON.stringify({ 0: { email } });
    for (let index = 0; index < 3; index++) {
      expect((await trpc('auth.request?batch=1', { body: input })).status).toBe(200);
    }
    const limited = await trpc('auth.request?batch=1', { body: input });
    expect(limited.status).toBe(429);
    expectCleanError(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('carry no Retry-After when nothing was limited', async () => {
    const answer = await trpc('auth.request', { body: JSON.stringify({ email: 'not-an-email' }) });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('retry-after')).toBeNull();
  });

  it.each([
    ['a validation error', 'auth.request', { body: JSON.stringify({ email: 'nope' }) }, 400, 'validation_error'],
    ['malformed JSON', 'auth.request', { body: '{' }, 400, 'validation_error'],
    ['a missing session', 'claims.list', { method: 'GET' }, 401, 'unauthorized'],
    ['a wrong staff key', 'staff.stats', { method: 'GET', headers: { 'X-Staff-Key': 'wrong' } }, 403, 'forbidden'],
    ['an unknown procedure', 'nope', { method: 'GET' }, 404, 'not_found'],
    ['a GET to a mutation, as REST answers another method', 'auth.request?input=%7B%7D', { method: 'GET' }, 404, 'not_found'],
    ['a body over 256 KiB', 'auth.request', { body: JSON.stringify({ email: 'x'.repeat(300 * 1024) }) }, 413, 'payload_too_large'],
    [
      'a body that is not JSON',
      'auth.request',
      { body: 'email=a@b.test', headers: { 'Content-Type': 'text/plain' } },
      415,
      'unsupported_media_type',
    ],
  ] as const)('never carry a stack trace: %s', async (_label, path, init, status, appCode) => {
    const answer = await trpc(path, init);
    expect(answer.status).toBe(status);
    expectCleanError(answer, status, appCode);
  });
});

describe('tRPC calls without input', () => {
  it('take an empty body as no input, as the client sends a mutation of no arguments', async () => {
    const intake = intakeBody();
    expect((await call(claims, 'POST', '/api/intake', { body: intake })).status).toBe(201);
    const token = await signInToken(claims, intake.client.email);
    const verified = await call(claims, 'POST', '/api/auth/verify', { body: { token } });
    const bearer = { Authorization: `Bearer ${verified.body.session_token as string}` };
    expect((await trpc('auth.me', { method: 'GET', headers: bearer })).status).toBe(200);

    const signedOut = await trpc('auth.logout', { headers: { ...bearer, 'Content-Type': 'application/json' } });
    expect(signedOut.status).toBe(200);
    expect(signedOut.body.result.data).toEqual({ message: 'You are signed out.' });
    expect((await trpc('auth.me', { method: 'GET', headers: bearer })).status).toBe(401);
  });

  it('still refuse a body that is not JSON', async () => {
    const answer = await trpc('auth.request', { body: '{"email":' });
    expect(answer.status).toBe(400);
    expectCleanError(answer, 400, 'validation_error');
  });
});
