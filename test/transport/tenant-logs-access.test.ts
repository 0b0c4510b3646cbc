import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordTransportAudit } from '../../packages/db/src/transport/tenants/audit-log.ts';
import { registrationBody } from './billing-support.ts';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

const SERVICE_KEY = 'tenant-logs-service-key';
let app: TestTransport;
const tokens: Record<string, string> = {};
let ownHousehold = '';
let otherHousehold = '';
let parentId = '';

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

beforeAll(async () => {
  app = await startTestTransport({ IDENTITY_SERVICE_KEY: SERVICE_KEY });
  await app.db.fork().execute("insert into transport_tenant (id, name, tier) values ('acme', 'Acme Buses', 'starter')");
  tokens.admin = await userWith('root@platform.test', { role: 'platform_admin' });
  tokens.acmeOperator = await userWith('ops@acme.test', { role: 'operator', tenant_id: 'acme' });
  // Anyone can become a parent of acme by signing up with its name.
  const signUp = await request('/api/auth/register', {
    method: 'POST',
    body: { email: 'stranger@family.test', password: 'secret-pass', tenant: 'acme' },
  });
  expect(signUp.status).toBe(200);
  tokens.parent = signUp.body.access_token;
  parentId = signUp.body.user.id;
  // The administrator looks into acme: an audit row naming their email and the impersonation.
  expect(
    (
      await request('/api/ops/assume-identity', {
        method: 'POST',
        bearer: tokens.admin,
        body: { tenant_id: 'acme', user_email: 'ops@acme.test' },
      })
    ).status,
  ).toBe(200);
  const own = await request('/acme/api/registrations/full', {
    method: 'POST',
    bearer: tokens.parent,
    body: registrationBody({ tenant: 'acme' }),
  });
  const other = await request('/acme/api/registrations/full', { method: 'POST', body: registrationBody({ tenant: 'acme' }) });
  ownHousehold = own.body.household_id;
  otherHousehold = other.body.household_id;
  const at = new Date();
  await recordTransportAudit(app.db.fork(), {
    tenantId: 'acme',
    actor: 'ops@acme.test',
    action: 'registration.approve',
    resource: `registration:${ownHousehold}`,
    householdId: ownHousehold,
    at,
  });
  await recordTransportAudit(app.db.fork(), {
    tenantId: 'acme',
    actor: 'ops@acme.test',
    action: 'registration.approve',
    resource: `registration:${otherHousehold}`,
    householdId: otherHousehold,
    at,
  });
  await recordTransportAudit(app.db.fork(), {
    tenantId: 'acme',
    actor: 'ops@acme.test',
    action: 'account.note',
    resource: `user:${parentId}`,
    subjectUserId: parentId,
    at,
  });
});
afterAll(async () => app?.close());

describe('GET /api/tenants/{tenant}/logs for a family', () => {
  it("shows a parent only the rows about its own household and account, never the administrators'", async () => {
    const { status, body } = await request('/api/tenants/acme/logs', { bearer: tokens.parent });
    expect(status).toBe(200);
    expect(JSON.stringify(body)).not.toContain('root@platform.test');
    expect(body.map((row: { action: string }) => row.action).sort()).toEqual(['account.note', 'registration.approve']);
    expect(body.find((row: { action: string }) => row.action === 'registration.approve').household_id).toBe(ownHousehold);
  });

  it('answers 200 with no rows to a parent with no household and nothing about its account', async () => {
    const other = await request('/api/auth/register', {
      method: 'POST',
      body: { email: 'another@family.test', password: 'secret-pass', tenant: 'acme' },
    });
    expect(await request('/api/tenants/acme/logs', { bearer: other.body.access_token })).toEqual({ status: 200, body: [] });
  });

  it("gives the tenant's operators and platform administrators every row", async () => {
    for (const token of [tokens.acmeOperator, tokens.admin]) {
      const { status, body } = await request('/api/tenants/acme/logs', { bearer: token });
      expect(status).toBe(200);
      expect(body.map((row: { action: string }) => row.action)).toEqual(
        expect.arrayContaining(['assume_identity_start', 'account.note', 'registration.approve']),
      );
      expect(body.filter((row: { action: string }) => row.action === 'registration.approve')).toHaveLength(2);
    }
  });

  it('filters by action, actor, household and resource prefix', async () => {
    const byHousehold = await request(`/api/tenants/acme/logs?household_id=${otherHousehold}`, { bearer: tokens.acmeOperator });
    expect(byHousehold.body.map((row: { household_id: string }) => row.household_id)).toEqual([otherHousehold]);
    const byActor = await request('/api/tenants/acme/logs?actor=root@platform.test', { bearer: tokens.acmeOperator });
    expect(byActor.body.map((row: { action: string }) => row.action)).toEqual(['assume_identity_start']);
    const byResource = await request('/api/tenants/acme/logs?resource=user:', { bearer: tokens.acmeOperator });
    expect(byResource.body.map((row: { action: string }) => row.action)).toEqual(['account.note']);
    const byAction = await request('/api/tenants/acme/logs?action=registration.approve', { bearer: tokens.parent });
    expect(byAction.body.map((row: { household_id: string }) => row.household_id)).toEqual([ownHousehold]);
  });
});
