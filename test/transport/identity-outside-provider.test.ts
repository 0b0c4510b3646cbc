import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeIdentity, type FakeIdentity } from '../support/fake-identity.ts';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

let identity: FakeIdentity;
let app: TestTransport;

const post = async (base: string, path: string, body: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

const adminUpdates = () => identity.calls.filter((call) => call.method === 'PUT' && call.path.startsWith('/auth/v1/admin/users/'));

beforeAll(async () => {
  identity = await startFakeIdentity();
  app = await startTestTransport({ IDENTITY_URL: identity.url, IDENTITY_SERVICE_KEY: 'outside-service-key', DEMO_TOKENS: 'true' });
  await app.db.fork().execute("insert into transport_tenant (id, name, tier) values ('acme', 'Acme Buses', 'starter')");
});
afterAll(async () => {
  await app?.close();
  await identity?.close();
});
afterEach(() => identity.failWith(null));

describe('a provider that answers with a server error', () => {
  it.each([500, 503])('makes login answer 502 without a demo token, DEMO_TOKENS on or not (%i)', async (status) => {
    identity.failWith(status);
    const login = await post(app.url, '/api/auth/login', { email: 'who@example.com', password: 'anything' });
    expect(login.status).toBe(502);
    expect(login.body).toEqual({ detail: expect.stringContaining('identity provider') });
    expect(JSON.stringify(login.body)).not.toContain('demo-');
  });

  it('makes register answer 502 without a demo token and creates no account', async () => {
    identity.failWith(500);
    const register = await post(app.url, '/api/auth/register', { email: 'who@example.com', password: 'anything' });
    expect(register.status).toBe(502);
    expect(JSON.stringify(register.body)).not.toContain('demo-');
    identity.failWith(null);
    expect(identity.account('who@example.com')).toBeUndefined();
  });
});

describe('a provider that cannot be reached', () => {
  it('still gives a demo- token with DEMO_TOKENS on when it does not answer in time', async () => {
    const hanging = createServer((req) => req.resume());
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const slow = await startTestTransport({
      IDENTITY_URL: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`,
      DEMO_TOKENS: 'true',
      TRANSPORT_HTTP_TIMEOUT_MS: '300',
    });
    try {
      const login = await post(slow.url, '/api/auth/login', { email: 'who@example.com', password: 'anything' });
      expect(login.status).toBe(200);
      expect(login.body.access_token).toMatch(/^demo-/);
    } finally {
      await slow.close();
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });
});

describe('register against a provider that answers sign-up with an existing account', () => {
  it('sets parent metadata on an account it just created', async () => {
    const answer = await post(app.url, '/api/auth/register', { email: 'fresh@family.test', password: 'fresh-pass', tenant: 'acme' });
    expect(answer.status).toBe(200);
    // Email confirmation is on at this provider: no session until the parent confirms.
    expect(answer.body).toMatchObject({
      access_token: null,
      metadata_applied: true,
      user: { email: 'fresh@family.test', role: 'parent', tenant_id: 'acme' },
    });
    expect(identity.account('fresh@family.test')?.app_metadata).toMatchObject({ role: 'parent', tenant_id: 'acme' });
  });

  it("never touches an existing unconfirmed account's role or tenant, and answers 409", async () => {
    const invited = identity.addAccount({
      email: 'invited-op@acme.test',
      password: 'their-own-pass',
      confirmed: false,
      created_at: '2026-01-05T09:00:00.000Z',
      app_metadata: { role: 'operator', tenant_id: 'acme' },
    });
    const updatesBefore = adminUpdates().length;
    const answer = await post(app.url, '/api/auth/register', { email: 'invited-op@acme.test', password: 'attacker-pass', tenant: 'demo' });
    expect(answer).toEqual({ status: 409, body: { detail: 'User already registered' } });
    expect(adminUpdates().length).toBe(updatesBefore);
    expect(identity.account('invited-op@acme.test')?.app_metadata).toEqual({
      provider: 'email',
      providers: ['email'],
      role: 'operator',
      tenant_id: 'acme',
    });
    expect(JSON.stringify(answer.body)).not.toContain(invited.id);
  });

  it('treats an old unconfirmed account without a role as existing too', async () => {
    identity.addAccount({ email: 'slow@family.test', password: 'first-pass', confirmed: false, created_at: '2026-01-05T09:00:00.000Z' });
    const updatesBefore = adminUpdates().length;
    const answer = await post(app.url, '/api/auth/register', { email: 'slow@family.test', password: 'second-pass', tenant: 'acme' });
    expect(answer.status).toBe(409);
    expect(adminUpdates().length).toBe(updatesBefore);
    expect(identity.account('slow@family.test')?.app_metadata.role).toBeUndefined();
  });

  it('answers 409 for a confirmed account, as before', async () => {
    identity.addAccount({ email: 'known@family.test', password: 'known-pass' });
    expect((await post(app.url, '/api/auth/register', { email: 'known@family.test', password: 'other-pass' })).status).toBe(409);
  });
});
