import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../apps/api/src/env.ts';
import { createLogger } from '../../apps/api/src/logger.ts';
import { createTransportService } from '../../apps/api/src/transport/service.ts';
import type { Database } from '../../packages/db/src/orm.ts';
import { recordTransportAudit } from '../../packages/db/src/transport/tenants/audit-log.ts';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

const SERVICE_KEY = 'tenants-test-service-key';
let app: TestTransport;
const tokens: Record<string, string> = {};

const request = async (path: string, init: { method?: string; bearer?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const headers: Record<string, string> = { ...init.headers };
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${app.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

  return { status: response.status, body: (await response.json()) as any };
};

/** A user of the built-in provider with role and tenant in app metadata, signed in through /api. */
const userWith = async (email: string, appMetadata: Record<string, unknown>) => {
  const created = await request('/auth/v1/admin/users', {
    method: 'POST',
    bearer: SERVICE_KEY,
    body: { email, password: 'secret-pass', app_metadata: appMetadata },
  });
  expect(created.status).toBe(200);
  const login = await request('/api/auth/login', { method: 'POST', body: { email, password: 'secret-pass' } });
  expect(login.status).toBe(200);

  return login.body.access_token as string;
};

beforeAll(async () => {
  app = await startTestTransport({ IDENTITY_SERVICE_KEY: SERVICE_KEY });
  await app.db
    .fork()
    .execute(
      `insert into transport_tenant (id, name, tier, theme, domain, created_at) values ('acme', 'Acme Buses', 'enterprise', '{"primary_color": "#ff0000"}'::jsonb, 'acme.example.com', '2030-01-01T00:00:00Z')`,
    );
  tokens.admin = await userWith('admin@platform.test', { role: 'platform_admin' });
  tokens.legacyAdmin = await userWith('legacy@platform.test', { role: 'admin' });
  tokens.demoOperator = await userWith('op@demo.test', { role: 'operator', tenant_id: 'demo' });
  tokens.acmeOperator = await userWith('op@acme.test', { role: 'operator', tenant_id: 'acme' });
  tokens.noRole = await userWith('nobody@demo.test', { tenant_id: 'demo' });
  tokens.demoParent = (
    await request('/api/auth/register', { method: 'POST', body: { email: 'parent@demo.test', password: 'secret-pass' } })
  ).body.access_token;
  const at = new Date('2030-02-01T00:00:00Z');
  for (const [tenantId, action, minutes] of [
    ['demo', 'first', 1],
    ['demo', 'second', 2],
    ['acme', 'acme_only', 3],
  ] as const) {
    await recordTransportAudit(app.db.fork(), {
      tenantId,
      actor: 'seed',
      action,
      resource: 'r',
      details: { n: minutes },
      at: new Date(at.getTime() + minutes * 60_000),
    });
  }
});
afterAll(async () => app?.close());

describe('GET /api/health', () => {
  it('answers ok with the database, version and time', async () => {
    const { status, body } = await request('/api/health');
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      db: 'ok',
      version: '1.0.0',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    });
    expect((await request('/acme/api/health')).body.status).toBe('ok');
  });

  it('answers 200 degraded when the database fails', async () => {
    // A database whose every statement fails stands in for a lost connection.
    const failingDb = { fork: () => ({ execute: () => Promise.reject(new Error('connection lost')) }) } as unknown as Database;
    const service = createTransportService({
      env: parseEnv({ NODE_ENV: 'test', HOST: '127.0.0.1', TRANSPORT_PORT: '0', DATA_DIR: tmpdir() }),
      db: failingDb,
      logger: createLogger({ level: 'silent', destination: { write: () => undefined } }),
    });
    const server = createServer(service.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'degraded', db: 'error', version: '1.0.0' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await service.close();
    }
  });
});

describe('GET /api/tenants', () => {
  it('lists every tenant for platform administrators (legacy admin too)', async () => {
    for (const bearer of [tokens.admin, tokens.legacyAdmin]) {
      const { status, body } = await request('/api/tenants', { bearer });
      expect(status).toBe(200);
      expect(body.map((tenant: { id: string }) => tenant.id)).toEqual(['demo', 'acme']);
      expect(body[1]).toEqual({
        id: 'acme',
        name: 'Acme Buses',
        tier: 'enterprise',
        theme: { primary_color: '#ff0000' },
        domain: 'acme.example.com',
        time_zone: 'UTC',
        created_at: '2030-01-01T00:00:00.000Z',
      });
    }
  });

  it('refuses operators and parents with 403 and strangers with 401', async () => {
    expect(await request('/api/tenants', { bearer: tokens.demoOperator })).toEqual({ status: 403, body: { detail: 'Forbidden' } });
    expect((await request('/api/tenants', { bearer: tokens.demoParent })).status).toBe(403);
    expect(await request('/api/tenants')).toEqual({ status: 401, body: { detail: 'Invalid token' } });
    expect((await request('/api/tenants', { bearer: 'not-a-token' })).status).toBe(401);
  });
});

describe('GET /api/theme/{slug}', () => {
  it('answers 400 for a path with a malformed percent escape', async () => {
    expect(await request('/api/theme/%ZZ')).toEqual({
      status: 400,
      body: { detail: 'The path has a malformed percent-encoded character.' },
    });
    expect((await request('/acme/api/theme/%E0%A4%A')).status).toBe(400);
  });

  it("answers a tenant's theme without sign-in", async () => {
    expect(await request('/api/theme/acme')).toEqual({
      status: 200,
      body: { tenant_id: 'acme', name: 'Acme Buses', tier: 'enterprise', theme: { primary_color: '#ff0000' }, domain: 'acme.example.com' },
    });
    expect((await request('/acme/api/theme/ACME')).body.tenant_id).toBe('acme');
  });

  it('answers 404 Tenant not found for unknown or malformed slugs', async () => {
    for (const slug of ['nowhere', '%20', 'a'.repeat(150)]) {
      expect(await request(`/api/theme/${slug}`)).toEqual({ status: 404, body: { detail: 'Tenant not found' } });
    }
    expect((await request('/api/theme/acme?x=1')).status).toBe(400);
  });
});

describe('GET /api/tenants/{tenant}/logs', () => {
  it("gives a tenant's own staff its rows only, newest first", async () => {
    const { status, body } = await request('/api/tenants/demo/logs', { bearer: tokens.demoOperator });
    expect(status).toBe(200);
    expect(body.map((row: { action: string }) => row.action)).toEqual(['second', 'first']);
    expect(body[0]).toEqual({
      id: expect.any(String),
      tenant_id: 'demo',
      actor: 'seed',
      action: 'second',
      resource: 'r',
      details: { n: 2 },
      household_id: null,
      admin_actor: false,
      created_at: '2030-02-01T00:02:00.000Z',
    });
    expect((await request('/api/tenants/demo/logs?limit=1', { bearer: tokens.demoOperator })).body).toHaveLength(1);
  });

  it("lets platform administrators read any tenant's rows", async () => {
    expect((await request('/api/tenants/acme/logs', { bearer: tokens.admin })).body.map((row: { action: string }) => row.action)).toEqual([
      'acme_only',
    ]);
    expect(await request('/api/tenants/nowhere/logs', { bearer: tokens.admin })).toEqual({
      status: 404,
      body: { detail: 'Tenant not found' },
    });
  });

  it("gives a parent its own tenant's rows (the specification's rule for this path)", async () => {
    expect((await request('/api/tenants/demo/logs', { bearer: tokens.demoParent })).status).toBe(200);
  });

  it("refuses another tenant's users, users without a role and strangers", async () => {
    expect(await request('/api/tenants/acme/logs', { bearer: tokens.demoOperator })).toEqual({
      status: 403,
      body: { detail: 'Forbidden' },
    });
    expect((await request('/demo/api/tenants/acme/logs', { bearer: tokens.demoOperator })).status).toBe(403);
    expect((await request('/api/tenants/acme/logs', { bearer: tokens.demoParent })).status).toBe(403);
    expect((await request('/api/tenants/demo/logs', { bearer: tokens.noRole })).status).toBe(403);
    expect((await request('/api/tenants/demo/logs')).status).toBe(401);
  });

  it('keeps an operator in the tenant they were granted when they write another into their own metadata', async () => {
    // The built-in provider refuses the write (a tenant is chosen at sign-up only)...
    const written = await request('/auth/v1/user', { method: 'PUT', bearer: tokens.demoOperator, body: { data: { tenant_id: 'acme' } } });
    expect(written.status).toBe(403);
    const me = await request('/auth/v1/user', { bearer: tokens.demoOperator });
    expect(me.body.user_metadata.tenant_id).toBeUndefined();
    // ...and where a provider lets it through (the service key stands in for one), the grant still wins.
    const planted = await request(`/auth/v1/admin/users/${me.body.id}`, {
      method: 'PUT',
      bearer: SERVICE_KEY,
      body: { user_metadata: { tenant_id: 'acme' } },
    });
    expect(planted.body.user_metadata).toMatchObject({ tenant_id: 'acme' });
    expect(await request('/api/tenants/acme/logs', { bearer: tokens.demoOperator })).toEqual({
      status: 403,
      body: { detail: 'Forbidden' },
    });
    expect((await request('/api/tenants/demo/logs', { bearer: tokens.demoOperator })).status).toBe(200);
  });

  it('refuses a parent moving their account to another tenant', async () => {
    const moved = await request('/auth/v1/user', { method: 'PUT', bearer: tokens.demoParent, body: { data: { tenant_id: 'acme' } } });
    expect(moved.status).toBe(403);
    expect((await request('/auth/v1/user', { bearer: tokens.demoParent })).body.user_metadata).toMatchObject({
      role: 'parent',
      tenant_id: 'demo',
    });
    expect((await request('/api/tenants/acme/logs', { bearer: tokens.demoParent })).status).toBe(403);
  });

  it('refuses unknown query parameters and bad limits', async () => {
    expect((await request('/api/tenants/demo/logs?since=yesterday', { bearer: tokens.demoOperator })).status).toBe(400);
    expect((await request('/api/tenants/demo/logs?limit=many', { bearer: tokens.demoOperator })).status).toBe(400);
  });
});

describe('tenant prefixes', () => {
  it("let an operator read its own tenant's logs under a prefix, never another's", async () => {
    expect((await request('/acme/api/tenants/acme/logs', { bearer: tokens.acmeOperator })).status).toBe(200);
    expect((await request('/acme/api/tenants/demo/logs', { bearer: tokens.acmeOperator })).status).toBe(403);
  });
});
