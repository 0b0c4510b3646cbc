import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

let app: TestTransport;

const post = async (base: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

const userCount = async () =>
  Number((await app.db.fork().execute<{ n: string }[]>('select count(*) as n from transport_identity_user'))[0]?.n);

beforeAll(async () => {
  app = await startTestTransport();
  await app.db.fork().execute("insert into transport_tenant (id, name, tier) values ('acme', 'Acme Buses', 'starter')");
});
afterAll(async () => app?.close());

describe('POST /api/auth/register', () => {
  it('creates a parent of the tenant with the metadata applied and a usable token', async () => {
    const { status, body } = await post(app.url, '/api/auth/register', {
      email: 'Pat@Example.com',
      password: 'secret-1',
      display_name: 'Pat Parent',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      token_type: 'Bearer',
      metadata_applied: true,
      user: { email: 'pat@example.com', name: 'Pat Parent', role: 'parent', tenant_id: 'demo' },
    });
    const me = await fetch(`${app.url}/auth/v1/user`, { headers: { Authorization: `Bearer ${body.access_token}` } });
    expect(((await me.json()) as Record<string, any>).app_metadata).toMatchObject({ role: 'parent', tenant_id: 'demo' });
  });

  it('takes the tenant from the body, else from the public resolution (path prefix here)', async () => {
    expect(
      (await post(app.url, '/api/auth/register', { email: 'a1@example.com', password: 'secret-1', tenant: 'ACME' })).body.user.tenant_id,
    ).toBe('acme');
    expect((await post(app.url, '/acme/api/auth/register', { email: 'a2@example.com', password: 'secret-1' })).body.user.tenant_id).toBe(
      'acme',
    );
    expect(
      (await post(app.url, '/api/auth/register', { email: 'a3@example.com', password: 'secret-1' }, { 'X-Tenant-Id': 'acme' })).body.user
        .tenant_id,
    ).toBe('acme');
  });

  it('answers 404 Tenant not found for an unknown tenant and creates no account', async () => {
    const before = await userCount();
    const { status, body } = await post(app.url, '/api/auth/register', {
      email: 'lost@example.com',
      password: 'secret-1',
      tenant: 'nowhere',
    });
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Tenant not found' });
    expect(await userCount()).toBe(before);
  });

  it('answers 409 for an email already registered', async () => {
    const { status, body } = await post(app.url, '/api/auth/register', { email: 'pat@example.com', password: 'other-pass' });
    expect(status).toBe(409);
    expect(body.detail).toBe('User already registered');
  });

  it('refuses missing, mistyped, oversized and unknown fields with 400 and creates nothing', async () => {
    const before = await userCount();
    for (const body of [
      { password: 'secret-1' },
      { email: 'x@example.com' },
      { email: 42, password: 'secret-1' },
      { email: 'x@example.com', password: 'secret-1', role: 'admin' },
      { email: `${'x'.repeat(300)}@example.com`, password: 'secret-1' },
      { email: 'x@example.com', password: 'secret-1', tenant: '../etc' },
      { email: 'x@example.com', password: 'short' },
    ]) {
      const answer = await post(app.url, '/api/auth/register', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.detail).toBe('string');
    }
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/auth/login', () => {
  it('answers the token and the user with role and tenant', async () => {
    const { status, body } = await post(app.url, '/api/auth/login', { email: 'pat@example.com', password: 'secret-1' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      token_type: 'Bearer',
      user: { email: 'pat@example.com', role: 'parent', tenant_id: 'demo', name: 'Pat Parent' },
    });
    expect(typeof body.access_token).toBe('string');
    expect((await post(app.url, '/demo/api/auth/login', { email: 'pat@example.com', password: 'secret-1' })).status).toBe(200);
    const logs = app.logLines.join('\n');
    expect(logs).not.toContain(body.access_token);
    expect(logs).not.toContain('secret-1');
  });

  it('answers 401 for wrong credentials', async () => {
    for (const body of [
      { email: 'pat@example.com', password: 'wrong-one' },
      { email: 'ghost@example.com', password: 'secret-1' },
    ]) {
      const answer = await post(app.url, '/api/auth/login', body);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ detail: 'Invalid login credentials' });
    }
  });

  it('answers 400 without email or password, or with unknown fields', async () => {
    for (const body of [
      {},
      { email: 'pat@example.com' },
      { password: 'secret-1' },
      { email: 'pat@example.com', password: 'secret-1', extra: 1 },
      { email: ['x'], password: 'y' },
    ]) {
      expect((await post(app.url, '/api/auth/login', body)).status).toBe(400);
    }
  });
});

describe('an unreachable identity provider', () => {
  it('gives a demo- token only with DEMO_TOKENS on', async () => {
    const demo = await startTestTransport({ IDENTITY_URL: 'http://127.0.0.1:9', DEMO_TOKENS: 'true' });
    const strict = await startTestTransport({ IDENTITY_URL: 'http://127.0.0.1:9' });
    try {
      const login = await post(demo.url, '/api/auth/login', { email: 'who@example.com', password: 'anything' });
      expect(login.status).toBe(200);
      expect(login.body.access_token).toMatch(/^demo-/);
      expect(login.body.user).toMatchObject({ role: 'admin', tenant_id: 'demo' });
      const register = await post(demo.url, '/api/auth/register', { email: 'who@example.com', password: 'anything' });
      expect(register.body).toMatchObject({ metadata_applied: false, token_type: 'Bearer' });

      // No answer says nothing of the password: a 503 to try again, not a refusal.
      expect((await post(strict.url, '/api/auth/login', { email: 'who@example.com', password: 'anything' })).status).toBe(503);
      expect((await post(strict.url, '/api/auth/register', { email: 'who@example.com', password: 'anything' })).status).toBe(503);
    } finally {
      await demo.close();
      await strict.close();
    }
  });
});

describe('tenant endpoints behind an outside identity provider that says no', () => {
  /** A provider that refuses every token, or keeps the request open until the client gives up. */
  const startRefusingProvider = async (mode: { hang: boolean }) => {
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      req.resume();
      if (mode.hang) {
        return;
      }
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 401, msg: 'invalid JWT' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as import('node:net').AddressInfo;

    const close = () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A hanging provider still holds the client's connection open.
        server.closeAllConnections();
      });

    return { url: `http://127.0.0.1:${port}`, close };
  };
  const get = async (base: string, path: string, token: string) => {
    const response = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });

    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('admit a demo- bearer as the demo administrator only with DEMO_TOKENS on', async () => {
    const provider = await startRefusingProvider({ hang: false });
    const demo = await startTestTransport({ IDENTITY_URL: provider.url, DEMO_TOKENS: 'true' });
    const strict = await startTestTransport({ IDENTITY_URL: provider.url });
    try {
      const routes = await get(demo.url, '/api/routes', 'demo-anything');
      expect(routes.status).toBe(200);
      expect(Array.isArray(routes.body)).toBe(true);
      expect(await get(demo.url, '/api/routes', 'not-demo')).toEqual({ status: 401, body: { detail: 'Invalid token' } });
      expect(await get(strict.url, '/api/routes', 'demo-anything')).toEqual({ status: 401, body: { detail: 'Invalid token' } });
    } finally {
      await demo.close();
      await strict.close();
      await provider.close();
    }
  });

  it('answer 503 (not 401) when the provider does not answer within the timeout', async () => {
    const provider = await startRefusingProvider({ hang: true });
    const app = await startTestTransport({ IDENTITY_URL: provider.url, TRANSPORT_HTTP_TIMEOUT_MS: '300' });
    try {
      expect(await get(app.url, '/api/routes', 'some-token')).toEqual({
        status: 503,
        body: { detail: 'The identity provider could not be reached; try again in a moment.' },
      });
    } finally {
      await app.close();
      await provider.close();
    }
  });
});
