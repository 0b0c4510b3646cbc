import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

let app: TestTransport;
const SERVICE_KEY = 'service-key-for-tests';

const call = async (path: string, init: { method?: string; body?: unknown; bearer?: string; apikey?: string; rawBody?: string } = {}) => {
  const headers: Record<string, string> = {};
  if (init.body !== undefined || init.rawBody !== undefined) headers['Content-Type'] = 'application/json';
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  if (init.apikey) headers.apikey = init.apikey;
  const response = await fetch(`${app.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await response.text();

  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, any>) : null };
};

const countRows = async (table: string) =>
  Number((await app.db.fork().execute<{ n: string }[]>(`select count(*) as n from ${table}`))[0]?.n);

beforeAll(async () => {
  app = await startTestTransport({ IDENTITY_SERVICE_KEY: SERVICE_KEY });
});
afterAll(async () => app?.close());

describe('built-in identity provider', () => {
  let session: Record<string, any>;

  it('signs a user up with data as user_metadata and answers a session', async () => {
    const { status, body } = await call('/auth/v1/signup', {
      method: 'POST',
      body: { email: 'Ann@Example.com', password: 'secret-1', data: { display_name: 'Ann', role: 'parent', tenant_id: 'demo' } },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      user: {
        email: 'ann@example.com',
        user_metadata: { display_name: 'Ann', role: 'parent', tenant_id: 'demo' },
        app_metadata: { provider: 'email' },
      },
    });
    expect(body?.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(typeof body?.refresh_token).toBe('string');
    session = body!;
  });

  it('keeps only hashes of tokens and a salted scrypt hash of the password', async () => {
    const users = await app.db
      .fork()
      .execute<{ password_hash: string }[]>("select password_hash from transport_identity_user where email = 'ann@example.com'");
    expect(users[0]?.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(users[0]?.password_hash).not.toContain('secret-1');
    const tokens = await app.db.fork().execute<{ token_hash: string }[]>('select token_hash from transport_identity_token');
    expect(tokens.map((row) => row.token_hash)).not.toContain(session.access_token);
  });

  it('refuses a second sign-up with the same email, whatever its case', async () => {
    const before = await countRows('transport_identity_user');
    const { status, body } = await call('/auth/v1/signup', { method: 'POST', body: { email: 'ANN@example.com', password: 'other-pass' } });
    expect(status).toBe(422);
    expect(body).toMatchObject({ error_code: 'user_already_exists', msg: 'User already registered' });
    expect(await countRows('transport_identity_user')).toBe(before);
  });

  it('refuses a bad email, a short password, non-object data and broken JSON', async () => {
    expect((await call('/auth/v1/signup', { method: 'POST', body: { email: 'not-an-email', password: 'secret-1' } })).status).toBe(400);
    expect((await call('/auth/v1/signup', { method: 'POST', body: { email: 'short@example.com', password: '123' } })).body).toMatchObject({
      error_code: 'weak_password',
    });
    expect(
      (await call('/auth/v1/signup', { method: 'POST', body: { email: 'd@example.com', password: 'secret-1', data: [1] } })).status,
    ).toBe(400);
    expect((await call('/auth/v1/signup', { method: 'POST', rawBody: '{nope' })).body).toMatchObject({ error_code: 'bad_json' });
    expect(
      (
        await call('/auth/v1/signup', {
          method: 'POST',
          rawBody: JSON.stringify({ email: 'big@example.com', password: 'secret-1', data: { x: 'y'.repeat(70_000) } }),
        })
      ).status,
    ).toBe(413);
  });

  it('signs in with a password and answers invalid_grant for wrong credentials', async () => {
    const ok = await call('/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: { email: 'ann@example.com', password: 'secret-1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email: 'ann@example.com' } });
    for (const body of [{ email: 'ann@example.com', password: 'wrong-pass' }, { email: 'nobody@example.com', password: 'secret-1' }, {}]) {
      const refused = await call('/auth/v1/token?grant_type=password', { method: 'POST', body });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'invalid_grant', error_description: 'Invalid login credentials' });
    }
    expect((await call('/auth/v1/token?grant_type=magic', { method: 'POST', body: {} })).body).toMatchObject({
      error: 'unsupported_grant_type',
    });
  });

  it('answers the user of a bearer token and 401 without a valid one', async () => {
    const me = await call('/auth/v1/user', { bearer: session.access_token });
    expect(me.status).toBe(200);
    expect(Object.keys(me.body!)).toEqual(expect.arrayContaining(['id', 'email', 'user_metadata', 'app_metadata', 'created_at']));
    expect((await call('/auth/v1/user')).status).toBe(401);
    expect((await call('/auth/v1/user', { bearer: 'made-up' })).status).toBe(401);
  });

  it('lets access tokens lapse after an hour', async () => {
    app.setNow(new Date(Date.now() + 61 * 60 * 1000));
    try {
      expect((await call('/auth/v1/user', { bearer: session.access_token })).status).toBe(401);
    } finally {
      app.setNow(null);
    }
  });

  it('exchanges a refresh token once', async () => {
    const fresh = await call('/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: session.refresh_token } });
    expect(fresh.status).toBe(200);
    expect((await call('/auth/v1/user', { bearer: fresh.body?.access_token })).status).toBe(200);
    const again = await call('/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: session.refresh_token } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('lets a user change their own user_metadata (null removes a key) but not app_metadata', async () => {
    const updated = await call('/auth/v1/user', {
      method: 'PUT',
      bearer: session.access_token,
      body: { data: { display_name: 'Ann B', role: null } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body?.user_metadata).toEqual({ display_name: 'Ann B', tenant_id: 'demo' });
    const refused = await call('/auth/v1/user', {
      method: 'PUT',
      bearer: session.access_token,
      body: { app_metadata: { role: 'platform_admin' } },
    });
    expect(refused.status).toBe(403);
    expect((await call('/auth/v1/user', { bearer: session.access_token })).body?.app_metadata.role).toBeUndefined();
    expect((await call('/auth/v1/user', { method: 'PUT', body: { data: { x: 1 } } })).status).toBe(401);
  });

  it('lets nobody give themselves a staff role in user_metadata, at sign-up or later', async () => {
    const before = await countRows('transport_identity_user');
    const signUp = await call('/auth/v1/signup', {
      method: 'POST',
      body: { email: 'sneaky@example.com', password: 'secret-1', data: { role: 'operator', tenant_id: 'demo' } },
    });
    expect(signUp.status).toBe(403);
    expect(await countRows('transport_identity_user')).toBe(before);
    const promote = await call('/auth/v1/user', { method: 'PUT', bearer: session.access_token, body: { data: { role: 'operator' } } });
    expect(promote.status).toBe(403);
    expect((await call('/auth/v1/user', { bearer: session.access_token })).body?.user_metadata.role).toBeUndefined();
    expect((await call('/auth/v1/user', { method: 'PUT', bearer: session.access_token, body: { data: { role: 'parent' } } })).status).toBe(
      200,
    );
    expect((await call('/auth/v1/user', { method: 'PUT', bearer: session.access_token, body: { data: { role: null } } })).status).toBe(200);
  });

  it('lets the service key set app_metadata and create users, and nobody else', async () => {
    const userId = session.user.id as string;
    const byUser = await call(`/auth/v1/admin/users/${userId}`, {
      method: 'PUT',
      bearer: session.access_token,
      body: { app_metadata: { role: 'admin' } },
    });
    expect(byUser.status).toBe(403);
    const updated = await call(`/auth/v1/admin/users/${userId}`, {
      method: 'PUT',
      bearer: SERVICE_KEY,
      body: { app_metadata: { role: 'operator', tenant_id: 'demo' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body?.app_metadata).toMatchObject({ provider: 'email', role: 'operator', tenant_id: 'demo' });
    expect(
      (await call('/auth/v1/admin/users/00000000-0000-4000-8000-000000000000', { method: 'PUT', bearer: SERVICE_KEY, body: {} })).status,
    ).toBe(404);
    expect((await call('/auth/v1/admin/users/not-a-uuid', { method: 'PUT', bearer: SERVICE_KEY, body: {} })).status).toBe(404);

    const created = await call('/auth/v1/admin/users', {
      method: 'POST',
      bearer: SERVICE_KEY,
      body: { email: 'op@example.com', password: 'op-secret', app_metadata: { role: 'operator' } },
    });
    expect(created.status).toBe(200);
    expect(created.body?.app_metadata.role).toBe('operator');
    expect(
      (
        await call('/auth/v1/admin/users', {
          method: 'POST',
          bearer: SERVICE_KEY,
          body: { email: 'op@example.com', password: 'op-secret' },
        })
      ).status,
    ).toBe(422);
    const before = await countRows('transport_identity_user');
    expect((await call('/auth/v1/admin/users', { method: 'POST', body: { email: 'x@example.com', password: 'x-secret' } })).status).toBe(
      403,
    );
    expect(await countRows('transport_identity_user')).toBe(before);
  });

  it('asks for the service key before it reads an admin path, and finds no user behind a malformed one', async () => {
    for (const path of ['/auth/v1/admin/users/%ZZ', '/auth/v1/admin/users/%E0%A4%A', '/auth/v1/admin/users/%00']) {
      for (const method of ['GET', 'PUT']) {
        const body = method === 'PUT' ? { app_metadata: { role: 'admin' } } : undefined;
        const stranger = await call(path, { method, body });
        expect(stranger.status, `${method} ${path}`).toBe(403);
        expect(stranger.body, `${method} ${path}`).toMatchObject({ error_code: 'not_admin' });
        expect((await call(path, { method, body, bearer: 'not-the-key' })).status, `${method} ${path}`).toBe(403);
        const keyed = await call(path, { method, body, bearer: SERVICE_KEY });
        expect(keyed.status, `${method} ${path}`).toBe(404);
        expect(keyed.body, `${method} ${path}`).toMatchObject({ error_code: 'user_not_found' });
      }
    }
    expect(app.logLines.join('\n')).not.toContain('identity provider request failed');
  });

  it('ends a session on logout', async () => {
    const signIn = await call('/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: { email: 'op@example.com', password: 'op-secret' },
    });
    expect((await call('/auth/v1/logout', { method: 'POST', bearer: signIn.body?.access_token })).status).toBe(204);
    expect((await call('/auth/v1/user', { bearer: signIn.body?.access_token })).status).toBe(401);
  });

  it('answers GoTrue-style 404 for unknown provider paths', async () => {
    expect((await call('/auth/v1/nothing')).status).toBe(404);
    expect((await call('/auth/v1/health')).body).toMatchObject({ name: 'switchyard' });
  });
});

describe('built-in identity provider with IDENTITY_API_KEY', () => {
  let keyed: TestTransport;
  beforeAll(async () => {
    keyed = await startTestTransport({ IDENTITY_API_KEY: 'anon-key' });
  });
  afterAll(async () => keyed?.close());

  it('refuses calls without the apikey header and serves those with it, including its own', async () => {
    const bare = await fetch(`${keyed.url}/auth/v1/health`);
    expect(bare.status).toBe(401);
    const wrong = await fetch(`${keyed.url}/auth/v1/health`, { headers: { apikey: 'other' } });
    expect(wrong.status).toBe(401);
    expect((await fetch(`${keyed.url}/auth/v1/health`, { headers: { apikey: 'anon-key' } })).status).toBe(200);
    // The service's own client sends the key, so registration through /api works end to end.
    const registered = await fetch(`${keyed.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'keyed@example.com', password: 'secret-1' }),
    });
    expect(registered.status).toBe(200);
  });
});

describe('password guessing', () => {
  it('is cut off after 20 attempts per email in 15 minutes, also through /api/auth/login', async () => {
    const target = 'guessed@example.com';
    await call('/auth/v1/signup', { method: 'POST', body: { email: target, password: 'right-pass' } });
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect(
        (await call('/auth/v1/token?grant_type=password', { method: 'POST', body: { email: target, password: `guess-${attempt}` } }))
          .status,
      ).toBe(400);
    }
    const blocked = await call('/auth/v1/token?grant_type=password', { method: 'POST', body: { email: target, password: 'right-pass' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error_code: 'over_request_rate_limit' });
    const viaApi = await call('/api/auth/login', { method: 'POST', body: { email: target, password: 'right-pass' } });
    expect(viaApi.status).toBe(429);
    expect(viaApi.body).toEqual({ detail: 'Too many sign-in attempts; try again later' });
    expect(viaApi.headers.get('retry-after')).toBe('60');
    expect(
      (await call('/auth/v1/token?grant_type=password', { method: 'POST', body: { email: 'ann@example.com', password: 'secret-1' } }))
        .status,
    ).toBe(200);
  });
});
