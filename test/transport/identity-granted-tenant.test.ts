import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

const SERVICE_KEY = 'granted-tenant-service-key';
let app: TestTransport;

const request = async (path: string, init: { method?: string; bearer?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const headers: Record<string, string> = { ...init.headers };
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${app.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();

  return { status: response.status, body: text ? (JSON.parse(text) as any) : null };
};

/** Every tenant path an operator of acme could use, reached in each way a request can name acme. */
const acmeTenantCalls = (bearer: string) => [
  request('/api/routes', { bearer }),
  request('/acme/api/routes', { bearer }),
  request('/api/routes', { bearer, headers: { 'X-Tenant-Id': 'acme' } }),
  request('/acme/api/registrations', { bearer }),
  request('/acme/api/billing/outstanding', { bearer }),
  request('/acme/api/routes', { method: 'POST', bearer, body: { name: 'Hijacked Loop' } }),
];

const routeCount = async () =>
  Number((await app.db.fork().execute<{ n: string }[]>("select count(*) as n from transport_route where tenant_id = 'acme'"))[0]?.n);

beforeAll(async () => {
  app = await startTestTransport({ IDENTITY_SERVICE_KEY: SERVICE_KEY });
  await app.db.fork().execute("insert into transport_tenant (id, name, tier) values ('acme', 'Acme Buses', 'starter')");
});
afterAll(async () => app?.close());

describe('an operator granted no tenant', () => {
  let token: string;
  let userId: string;

  beforeAll(async () => {
    // What `switchyard user add --role operator` without --tenant used to write: a role and no tenant.
    const created = await request('/auth/v1/admin/users', {
      method: 'POST',
      bearer: SERVICE_KEY,
      body: { email: 'loose@ops.test', password: 'loose-secret', app_metadata: { role: 'operator' } },
    });
    expect(created.status).toBe(200);
    userId = created.body.id;
    const login = await request('/api/auth/login', { method: 'POST', body: { email: 'loose@ops.test', password: 'loose-secret' } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: 'operator', tenant_id: null });
    token = login.body.access_token;
  });

  it('cannot write itself a tenant into its own metadata', async () => {
    const written = await request('/auth/v1/user', { method: 'PUT', bearer: token, body: { data: { tenant_id: 'acme' } } });
    expect(written.status).toBe(403);
    expect(written.body).toMatchObject({ error_code: 'not_admin' });
    expect((await request('/auth/v1/user', { bearer: token })).body.user_metadata.tenant_id).toBeUndefined();
  });

  it('gets 403 on every tenant path after trying, and creates nothing', async () => {
    await request('/auth/v1/user', { method: 'PUT', bearer: token, body: { data: { tenant_id: 'acme' } } });
    const before = await routeCount();
    for (const answer of await Promise.all(acmeTenantCalls(token))) {
      expect(answer).toEqual({ status: 403, body: { detail: 'Forbidden' } });
    }
    expect((await request('/api/routes', { bearer: token })).status).toBe(403);
    expect(await routeCount()).toBe(before);
  });

  it('stays without a tenant even when user metadata names one (a provider that lets users write it)', async () => {
    // An outside GoTrue lets users edit their own metadata; the service key stands in for that here.
    const planted = await request(`/auth/v1/admin/users/${userId}`, {
      method: 'PUT',
      bearer: SERVICE_KEY,
      body: { user_metadata: { tenant_id: 'acme' } },
    });
    expect(planted.status).toBe(200);
    const login = await request('/api/auth/login', { method: 'POST', body: { email: 'loose@ops.test', password: 'loose-secret' } });
    expect(login.body.user).toMatchObject({ role: 'operator', tenant_id: null });
    for (const answer of await Promise.all(acmeTenantCalls(login.body.access_token))) {
      expect(answer).toEqual({ status: 403, body: { detail: 'Forbidden' } });
    }
    expect((await request('/api/tenants/acme/logs', { bearer: login.body.access_token })).status).toBe(403);
  });

  it('works in the tenant an administrator grants it', async () => {
    const granted = await request(`/auth/v1/admin/users/${userId}`, {
      method: 'PUT',
      bearer: SERVICE_KEY,
      body: { app_metadata: { tenant_id: 'acme' } },
    });
    expect(granted.status).toBe(200);
    expect((await request('/api/routes', { bearer: token })).status).toBe(200);
    expect((await request('/demo/api/routes', { bearer: token })).status).toBe(200);
    expect((await request('/api/routes', { bearer: token, headers: { 'X-Tenant-Id': 'demo' } })).status).toBe(200);
    // Its own tenant comes first, so neither prefix nor header reaches demo's rows.
    expect((await request('/api/tenants/demo/logs', { bearer: token })).status).toBe(403);
  });
});

describe('a parent after sign-up', () => {
  it('cannot give an account without a tenant one later', async () => {
    const signUp = await request('/auth/v1/signup', { method: 'POST', body: { email: 'late@family.test', password: 'late-secret' } });
    expect(signUp.status).toBe(200);
    const bearer = signUp.body.access_token as string;
    expect((await request('/auth/v1/user', { method: 'PUT', bearer, body: { data: { role: 'parent', tenant_id: 'acme' } } })).status).toBe(
      403,
    );
    expect((await request('/auth/v1/user', { bearer })).body.user_metadata).toEqual({});
    // Writing anything else, or the tenant already there, is still the user's own business.
    expect((await request('/auth/v1/user', { method: 'PUT', bearer, body: { data: { display_name: 'Late' } } })).status).toBe(200);
  });
});
