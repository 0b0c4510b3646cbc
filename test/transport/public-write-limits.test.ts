import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

const LIMIT = 20;
const HOUR_MS = 60 * 60 * 1000;
let app: TestTransport;
let sequence = 0;

type Answer = { status: number; body: any; retryAfter: string | null };

const post = async (path: string, body: unknown, address: string | null): Promise<Answer> => {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (address) headers['X-Forwarded-For'] = address;
  const response = await fetch(`${app.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();

  return { status: response.status, body: text ? JSON.parse(text) : null, retryAfter: response.headers.get('retry-after') };
};

const signup = () => {
  sequence += 1;

  return {
    parent: { name: `Flo Flood ${sequence}`, email: `flood${sequence}@family.test` },
    children: [{ name: `Kid ${sequence}`, transport_need: 'both' }],
  };
};

const count = async (table: string) => Number((await app.db.fork().execute<{ n: string }[]>(`select count(*) as n from ${table}`))[0]?.n);

const expectLimited = (answer: Answer, label: string) => {
  expect(answer.status, label).toBe(429);
  const seconds = Number(answer.retryAfter);
  expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 3600, `${label}: Retry-After ${answer.retryAfter}`).toBe(true);
};

beforeAll(async () => {
  // Behind a proxy: the caller's address is the last X-Forwarded-For entry.
  app = await startTestTransport({ TRUST_PROXY: 'true' });
});
afterAll(async () => app?.close());

describe('POST /api/registrations/full', () => {
  it(`takes ${LIMIT} sign-ups an hour from one address, malformed ones included, then answers 429 with Retry-After and writes nothing`, async () => {
    const address = '203.0.113.10';
    for (let index = 0; index < LIMIT - 1; index += 1) {
      expect((await post('/api/registrations/full', signup(), address)).status).toBe(201);
    }
    expect((await post('/api/registrations/full', { coupon: 'FREE' }, address)).status).toBe(400);
    const households = await count('transport_household');
    const refused = await post('/api/registrations/full', signup(), address);
    expectLimited(refused, 'registration');
    expect(refused.body).toEqual({ detail: expect.any(String) });
    expect(await count('transport_household')).toBe(households);

    // Another address has its own count, and the hour passing opens this one again.
    expect((await post('/api/registrations/full', signup(), '203.0.113.11')).status).toBe(201);
    app.setNow(new Date(Date.now() + HOUR_MS + 1000));
    try {
      expect((await post('/api/registrations/full', signup(), address)).status).toBe(201);
    } finally {
      app.setNow(null);
    }
  });

  it('counts the address the proxy saw, not one a caller wrote earlier in the header', async () => {
    const address = '203.0.113.20';
    for (let index = 0; index < LIMIT; index += 1) {
      expect((await post('/api/registrations/full', signup(), `198.51.100.${index}, ${address}`)).status).toBe(201);
    }
    expectLimited(await post('/api/registrations/full', signup(), `198.51.100.99, ${address}`), 'spoofed first entry');
  });
});

describe('account sign-ups', () => {
  it(`take ${LIMIT} an hour from one address through /api/auth/register, then 429 with Retry-After and no account`, async () => {
    const address = '203.0.113.30';
    for (let index = 0; index < LIMIT - 1; index += 1) {
      expect((await post('/api/auth/register', { email: `reg${index}@family.test`, password: 'secret-pass' }, address)).status).toBe(200);
    }
    expect((await post('/api/auth/register', { email: 'no-password@family.test' }, address)).status).toBe(400);
    const users = await count('transport_identity_user');
    const refused = await post('/api/auth/register', { email: 'one-too-many@family.test', password: 'secret-pass' }, address);
    expectLimited(refused, 'register');
    expect(refused.body).toEqual({ detail: expect.any(String) });
    expect(await count('transport_identity_user')).toBe(users);
    expect((await post('/api/auth/register', { email: 'elsewhere@family.test', password: 'secret-pass' }, '203.0.113.31')).status).toBe(
      200,
    );
  });

  it(`take ${LIMIT} an hour from one connecting address at the built-in provider, answered in GoTrue's shape`, async () => {
    // A client outside this process (it came with a forwarding header, so it is not the service's own call).
    const outside = '192.0.2.40';
    for (let index = 0; index < LIMIT - 1; index += 1) {
      expect((await post('/auth/v1/signup', { email: `direct${index}@family.test`, password: 'secret-pass' }, outside)).status).toBe(200);
    }
    expect((await post('/auth/v1/signup', { email: 'bad' }, outside)).status).toBe(400);
    const users = await count('transport_identity_user');
    const refused = await post('/auth/v1/signup', { email: 'direct-too-many@family.test', password: 'secret-pass' }, outside);
    expectLimited(refused, 'signup');
    expect(refused.body).toMatchObject({ code: 429, error_code: 'over_request_rate_limit' });
    expect(await count('transport_identity_user')).toBe(users);

    // The service's own sign-up calls are counted once, at /api/auth/register, by the caller's address.
    expect((await post('/api/auth/register', { email: 'still-open@family.test', password: 'secret-pass' }, '203.0.113.41')).status).toBe(
      200,
    );
  });
});
