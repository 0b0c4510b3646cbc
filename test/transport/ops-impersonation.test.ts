import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

const SERVICE_KEY = 'ops-test-service-key';
let app: TestTransport;
const tokens: Record<string, string> = {};

const request = async (path: string, init: { method?: string; bearer?: string; body?: unknown } = {}) => {
  const headers: Record<string, string> = {};
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${app.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

  return { status: response.status, body: (await response.json()) as any };
};

const userWith = async (email: string, appMetadata: Record<string, unknown>) => {
  await request('/auth/v1/admin/users', {
    method: 'POST',
    bearer: SERVICE_KEY,
    body: { email, password: 'secret-pass', app_metadata: appMetadata },
  });

  return (await request('/api/auth/login', { method: 'POST', body: { email, password: 'secret-pass' } })).body.access_token as string;
};

const count = async (table: string) => Number((await app.db.fork().execute<{ n: string }[]>(`select count(*) as n from ${table}`))[0]?.n);

const assume = (body: unknown, bearer = tokens.admin) => request('/api/ops/assume-identity', { method: 'POST', bearer, body });

beforeAll(async () => {
  app = await startTestTransport({ IDENTITY_SERVICE_KEY: SERVICE_KEY });
  await app.db.fork().execute("insert into transport_tenant (id, name, tier) values ('acme', 'Acme Buses', 'starter')");
  tokens.admin = await userWith('root@platform.test', { role: 'platform_admin' });
  tokens.operator = await userWith('op@demo.test', { role: 'operator', tenant_id: 'demo' });
});
afterAll(async () => app?.close());

describe('POST /api/ops/assume-identity', () => {
  it('answers a 15-minute URL-safe token and a banner, stores only its hash and audits the start', async () => {
    // On the service's clock, so the expiry is exact.
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    app.setNow(now);
    const { status, body } = await assume({ tenant_id: 'acme', user_email: 'Driver@Acme.test' }).finally(() => app.setNow(null));
    expect(status).toBe(200);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.expires_at) - now.getTime()).toBe(15 * 60_000);
    expect(body.banner).toContain('driver@acme.test');
    const stored = await app.db
      .fork()
      .execute<{ token_hash: string; target_role: string }[]>('select token_hash, target_role from transport_impersonation_session');
    expect(stored.map((row) => row.token_hash)).not.toContain(body.token);
    expect(stored[0]?.target_role).toBe('operator');
    const audit = await request('/api/ops/audit-log?tenant_id=acme', { bearer: tokens.admin });
    expect(audit.body[0]).toMatchObject({
      tenant_id: 'acme',
      actor: 'root@platform.test',
      action: 'assume_identity_start',
      details: { target_role: 'operator', user_email: 'driver@acme.test' },
    });
    const logs = app.logLines.join('\n');
    expect(logs).not.toContain(body.token);
    expect(logs).not.toContain(tokens.admin);
    expect(logs).not.toContain('secret-pass');
  });

  it('refuses non-admins, unknown tenants and bad input, and starts nothing', async () => {
    const sessions = await count('transport_impersonation_session');
    const audits = await count('transport_audit_log');
    expect(await assume({ tenant_id: 'acme' }, tokens.operator)).toEqual({ status: 403, body: { detail: 'Forbidden' } });
    expect((await request('/api/ops/assume-identity', { method: 'POST', body: { tenant_id: 'acme' } })).status).toBe(401);
    expect(await assume({ tenant_id: 'nowhere' })).toEqual({ status: 404, body: { detail: 'Tenant not found' } });
    for (const body of [
      {},
      { tenant_id: 7 },
      { tenant_id: 'acme', extra: true },
      { tenant_id: 'acme', user_email: 'nope' },
      { tenant_id: 'acme', target_role: 'platform_admin' },
      { tenant_id: 'x'.repeat(100) },
    ]) {
      expect((await assume(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await count('transport_impersonation_session')).toBe(sessions);
    expect(await count('transport_audit_log')).toBe(audits);
  });
});

describe('impersonation token endpoints', () => {
  it('tells who is impersonated and records actions in the impersonated tenant', async () => {
    const { body: started } = await assume({ tenant_id: 'acme', target_role: 'viewer' });
    const me = await request('/api/ops/impersonated/me', { bearer: started.token });
    expect(me).toEqual({
      status: 200,
      body: {
        impersonated_user: {
          email: null,
          role: 'viewer',
          tenant_id: 'acme',
          impersonated_by: 'root@platform.test',
          expires_at: started.expires_at,
        },
      },
    });

    const logged = await request('/api/ops/log-action', {
      method: 'POST',
      bearer: started.token,
      body: { action: 'viewed_route', resource: 'route:r1', details: { why: 'support call' } },
    });
    expect(logged).toEqual({ status: 200, body: { status: 'ok', id: expect.any(String), logged: true } });
    const rows = (await request('/api/tenants/acme/logs', { bearer: tokens.admin })).body;
    expect(rows[0]).toMatchObject({
      id: logged.body.id,
      tenant_id: 'acme',
      action: 'viewed_route',
      resource: 'route:r1',
      details: { why: 'support call' },
      actor: 'root@platform.test as viewer (viewer)',
    });
    // The impersonated tenant's rows never show up in another tenant's log.
    expect(
      (await request('/api/tenants/demo/logs', { bearer: tokens.operator })).body.map((row: { action: string }) => row.action),
    ).not.toContain('viewed_route');
  });

  it('refuse ordinary session tokens, made-up tokens and bad input', async () => {
    const audits = await count('transport_audit_log');
    for (const bearer of [tokens.admin, 'made-up', undefined]) {
      expect(await request('/api/ops/impersonated/me', { bearer })).toEqual({ status: 401, body: { detail: 'Invalid token' } });
      expect((await request('/api/ops/log-action', { method: 'POST', bearer, body: { action: 'x' } })).status).toBe(401);
    }
    const { body: started } = await assume({ tenant_id: 'demo' });
    for (const body of [
      {},
      { action: '' },
      { action: 'x', details: 'text' },
      { action: 'x', details: [1] },
      { action: 'x', other: 1 },
      { action: 'a'.repeat(201) },
      { action: 'x', details: { big: 'y'.repeat(20_000) } },
    ]) {
      expect(
        (await request('/api/ops/log-action', { method: 'POST', bearer: started.token, body })).status,
        JSON.stringify(body).slice(0, 60),
      ).toBe(400);
    }
    expect(await count('transport_audit_log')).toBe(audits + 1);
  });

  it('stop working after 15 minutes', async () => {
    const { body: started } = await assume({ tenant_id: 'demo' });
    app.setNow(new Date(Date.now() + 15 * 60_000 + 1000));
    try {
      expect((await request('/api/ops/impersonated/me', { bearer: started.token })).status).toBe(401);
      expect((await request('/api/ops/exit-impersonation', { method: 'POST', body: { token: started.token } })).body.exited).toBe(false);
    } finally {
      app.setNow(null);
    }
  });
});

describe('POST /api/ops/exit-impersonation', () => {
  it('ends a session given in the body, once, and audits the end', async () => {
    const { body: started } = await assume({ tenant_id: 'acme' });
    expect(await request('/api/ops/exit-impersonation', { method: 'POST', body: { token: started.token } })).toEqual({
      status: 200,
      body: { status: 'ok', exited: true, tenant_id: 'acme' },
    });
    expect((await request('/api/ops/impersonated/me', { bearer: started.token })).status).toBe(401);
    const again = await request('/api/ops/exit-impersonation', { method: 'POST', body: { token: started.token } });
    expect(again).toEqual({ status: 200, body: { status: 'ok', exited: false, detail: expect.any(String) } });
    expect((await request('/api/ops/audit-log?tenant_id=acme&limit=1', { bearer: tokens.admin })).body[0].action).toBe(
      'assume_identity_end',
    );
  });

  it('ends a session given as bearer, also under a tenant prefix', async () => {
    const { body: started } = await assume({ tenant_id: 'demo' });
    expect((await request('/demo/api/ops/exit-impersonation', { method: 'POST', bearer: started.token })).body).toEqual({
      status: 'ok',
      exited: true,
      tenant_id: 'demo',
    });
  });

  it('answers 400 without any token and exited false for an unknown one', async () => {
    expect((await request('/api/ops/exit-impersonation', { method: 'POST', body: {} })).status).toBe(400);
    expect((await request('/api/ops/exit-impersonation', { method: 'POST', body: { token: 5 } })).status).toBe(400);
    expect((await request('/api/ops/exit-impersonation', { method: 'POST', body: { token: 'unknown' } })).body.exited).toBe(false);
  });
});

describe('GET /api/ops/audit-log', () => {
  it('lists rows of all tenants newest first, filtered by tenant, with the limit clamped', async () => {
    const all = await request('/api/ops/audit-log', { bearer: tokens.admin });
    expect(all.status).toBe(200);
    const tenants = new Set(all.body.map((row: { tenant_id: string }) => row.tenant_id));
    expect(tenants).toEqual(new Set(['acme', 'demo']));
    const times = all.body.map((row: { created_at: string }) => Date.parse(row.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(
      (await request('/api/ops/audit-log?tenant_id=demo', { bearer: tokens.admin })).body.every(
        (row: { tenant_id: string }) => row.tenant_id === 'demo',
      ),
    ).toBe(true);
    expect((await request('/api/ops/audit-log?limit=0', { bearer: tokens.admin })).body).toHaveLength(1);
    expect((await request('/api/ops/audit-log?limit=99999', { bearer: tokens.admin })).body).toHaveLength(all.body.length);
    expect((await request('/demo/api/ops/audit-log?limit=2', { bearer: tokens.admin })).body).toHaveLength(2);
  });

  it('refuses non-admins and bad parameters', async () => {
    expect(await request('/api/ops/audit-log', { bearer: tokens.operator })).toEqual({ status: 403, body: { detail: 'Forbidden' } });
    expect((await request('/api/ops/audit-log')).status).toBe(401);
    expect((await request('/api/ops/audit-log?limit=ten', { bearer: tokens.admin })).status).toBe(400);
    expect((await request('/api/ops/audit-log?tenant_name=demo', { bearer: tokens.admin })).status).toBe(400);
  });
});
