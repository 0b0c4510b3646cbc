import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printSortedSchema } from '../../apps/api/src/graphql-common/printed-schema.ts';
import { transportGraphqlSchema } from '../../apps/api/src/transport/graphql/schema.ts';
import { startTestTransport } from '../support/transport-server.ts';
import { codesOf, gql, registerHousehold, rest, startGraphqlWorld, type GraphqlWorld } from './graphql-support.ts';

let world: GraphqlWorld;

const ACME_SECRET = 'Acme Secret Family';

beforeAll(async () => {
  world = await startGraphqlWorld();
  await registerHousehold(world, 'demo', 'Dana Demo');
  await registerHousehold(world, 'acme', ACME_SECRET);
  const route = await rest(world, 'POST', '/api/routes', {
    token: world.tokens.acme,
    body: { name: 'Acme Secret Route', stops: [{ name: 'Acme Depot' }] },
  });
  expect(route.status).toBe(200);
});

afterAll(async () => {
  await world?.close();
});

const EVERY_ROOT_FIELD = `{
  tenants { id }
  tenant { id }
  tenantSummary { householdCount }
  routes { id }
  buses { id }
  schools { id }
  billingSummary { invoiceCount }
  households { totalCount nodes { name } }
  auditLog { totalCount }
}`;

const expectRefusal = (answer: { status: number; body: any }, status: number, code: string) => {
  expect(answer.status).toBe(status);
  expect(answer.body.data ?? null).toBeNull();
  const codes = codesOf(answer);
  expect(codes.length).toBeGreaterThan(0);
  expect(codes.every((each) => each === code)).toBe(true);
  expect(JSON.stringify(answer.body)).not.toContain('Dana Demo');
  expect(JSON.stringify(answer.body)).not.toContain('Acme');
};

describe('bearer token', () => {
  it('answers 401 with unauthorized errors and no data without a token', async () => {
    const answer = await gql(world, EVERY_ROOT_FIELD);

    expectRefusal(answer, 401, 'unauthorized');
    expect(answer.body.errors[0].message).toBe('Invalid token');
  });

  it('answers 401 for a token the identity provider does not know, and for a malformed header', async () => {
    expectRefusal(await gql(world, EVERY_ROOT_FIELD, { token: 'not-a-real-token' }), 401, 'unauthorized');
    expectRefusal(await gql(world, EVERY_ROOT_FIELD, { headers: { Authorization: `Basic ${world.tokens.demo}` } }), 401, 'unauthorized');
  });

  it('refuses an impersonation token as the REST tenant endpoints do', async () => {
    const assumed = await rest(world, 'POST', '/api/ops/assume-identity', { token: world.tokens.admin, body: { tenant_id: 'demo' } });
    expect(assumed.status).toBe(200);
    const token = assumed.body.token as string;

    expect((await rest(world, 'GET', '/api/registrations', { token })).status).toBe(401);
    expectRefusal(await gql(world, '{ households { nodes { name } } }', { token }), 401, 'unauthorized');
    // It stays a valid impersonation token where REST accepts one.
    expect((await rest(world, 'GET', '/api/ops/impersonated/me', { token })).status).toBe(200);
  });

  it('refuses parents and users without a role with 403 and no data', async () => {
    expectRefusal(await gql(world, EVERY_ROOT_FIELD, { token: world.tokens.parent }), 403, 'forbidden');
    expectRefusal(await gql(world, EVERY_ROOT_FIELD, { token: world.tokens.noRole }), 403, 'forbidden');
    expectRefusal(await gql(world, '{ households(tenant: "demo") { nodes { name } } }', { token: world.tokens.parent }), 403, 'forbidden');
  });

  it('refuses introspection without access and allows it to staff', async () => {
    const query = '{ __schema { queryType { name } } }';
    const anonymous = await gql(world, query);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.data).toBeUndefined();
    expect(codesOf(anonymous)).toEqual(['unauthorized']);

    const parent = await gql(world, query, { token: world.tokens.parent });
    expect(parent.status).toBe(403);
    expect(codesOf(parent)).toEqual(['forbidden']);

    const operator = await gql(world, query, { token: world.tokens.demo });
    expect(operator.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });

  it('never writes a token to the log', async () => {
    await gql(world, '{ tenant { id } }', { token: world.tokens.demo });

    expect(world.transport.logLines.join('\n')).not.toContain(world.tokens.demo);
  });
});

describe('tenant isolation', () => {
  it("reads an operator's own tenant without an argument", async () => {
    const answer = await gql(world, '{ tenant { id } households { nodes { name } } routes { name } }', { token: world.tokens.demo });

    expect(answer.status).toBe(200);
    expect(answer.body.data.tenant.id).toBe('demo');
    expect(answer.body.data.households.nodes.map((node: { name: string }) => node.name)).toEqual(['Dana Demo']);
    expect(answer.body.data.routes).toEqual([]);
    expect(JSON.stringify(answer.body)).not.toContain('Acme');
  });

  it("refuses another tenant by argument with 403 and no data at all, even beside the operator's own", async () => {
    for (const query of [
      '{ households(tenant: "acme") { nodes { name } } }',
      '{ tenant(id: "ACME") { name } }',
      '{ own: tenantSummary { householdCount } other: routes(tenant: "acme") { name } }',
      'query Q($t: ID) { billingSummary(tenant: $t) { invoiceCount } }',
    ]) {
      const answer = await gql(world, query, { token: world.tokens.demo, variables: { t: 'acme' } });

      expectRefusal(answer, 403, 'forbidden');
      expect(answer.body.errors[0].message).toBe('Forbidden');
    }
  });

  it('answers an unknown tenant as forbidden to an operator, so tenants cannot be probed', async () => {
    expectRefusal(await gql(world, '{ tenant(id: "no-such-tenant") { id } }', { token: world.tokens.demo }), 403, 'forbidden');
  });

  it('keeps an operator to their own tenant whatever X-Tenant-Id says, as REST does', async () => {
    const answer = await gql(world, '{ tenant { id } households { nodes { name } } }', {
      token: world.tokens.acme,
      headers: { 'X-Tenant-Id': 'demo' },
    });

    expect(answer.body.data.tenant.id).toBe('acme');
    expect(answer.body.data.households.nodes.map((node: { name: string }) => node.name)).toEqual([ACME_SECRET]);
  });

  it('lists only the tenants a caller may read', async () => {
    const operator = await gql(world, '{ tenants { id name } }', { token: world.tokens.acme });
    expect(operator.body.data.tenants).toEqual([{ id: 'acme', name: 'Acme Buses' }]);

    const admin = await gql(world, '{ tenants { id } }', { token: world.tokens.admin });
    expect(admin.body.data.tenants.map((tenant: { id: string }) => tenant.id)).toEqual(['demo', 'acme']);
  });

  it('lets a platform administrator read any tenant by argument or X-Tenant-Id, demo by default', async () => {
    const query = '{ tenant { id } households { nodes { name } } }';
    expect((await gql(world, query, { token: world.tokens.admin })).body.data.tenant.id).toBe('demo');

    const byHeader = await gql(world, query, { token: world.tokens.admin, headers: { 'X-Tenant-Id': 'acme' } });
    expect(byHeader.body.data.households.nodes.map((node: { name: string }) => node.name)).toEqual([ACME_SECRET]);

    const both = await gql(world, '{ a: households(tenant: "demo") { nodes { name } } b: households(tenant: "acme") { nodes { name } } }', {
      token: world.tokens.admin,
      headers: { 'X-Tenant-Id': 'demo' },
    });
    expect(both.body.data.a.nodes.map((node: { name: string }) => node.name)).toEqual(['Dana Demo']);
    expect(both.body.data.b.nodes.map((node: { name: string }) => node.name)).toEqual([ACME_SECRET]);
  });

  it('answers not_found and no data when an administrator names a tenant that does not exist, or cannot', async () => {
    for (const id of ['no-such-tenant', 'ac\u0000me', 'Not a slug!']) {
      const answer = await gql(world, 'query Q($id: ID) { tenants { id } tenant(id: $id) { id } }', {
        token: world.tokens.admin,
        variables: { id },
      });

      expect(answer.status).toBe(200);
      expect(answer.body.data).toBeNull();
      expect(answer.body.errors).toHaveLength(1);
      expect(answer.body.errors[0]).toMatchObject({ message: 'Tenant not found', extensions: { code: 'not_found' } });
    }
  });
});

describe('endpoint', () => {
  it('refuses mutations and subscriptions with 400 before anything runs', async () => {
    for (const query of ['mutation { approveRegistration(id: "x") }', 'subscription { busMoved { id } }']) {
      const answer = await gql(world, query, { token: world.tokens.demo });

      expect(answer.status).toBe(400);
      expect(answer.body.data).toBeUndefined();
      expect(answer.body.errors).toHaveLength(1);
      expect(answer.body.errors[0].extensions.code).toBe('validation_error');
      expect(answer.body.errors[0].message).toMatch(/read-only: it runs no (mutation|subscription) operations/);
    }
  });

  it('answers 400 to a malformed query, to a body that is not JSON and to a request without a query', async () => {
    const malformed = await gql(world, '{ households { nodes { name } ', { token: world.tokens.demo });
    expect(malformed.status).toBe(400);
    expect(malformed.body.data).toBeUndefined();
    expect(malformed.body.errors[0].message).toMatch(/Syntax Error/);

    const notJson = await fetch(`${world.transport.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${world.tokens.demo}` },
      body: '{"query": ',
    });
    expect(notJson.status).toBe(400);

    const empty = await gql(world, '', { token: world.tokens.demo });
    expect(empty.status).toBe(400);
  });

  it('answers a query sent with GET, and never the web page', async () => {
    const response = await fetch(`${world.transport.url}/graphql?query=${encodeURIComponent('{ tenant { id } }')}`, {
      headers: { Authorization: `Bearer ${world.tokens.demo}`, Accept: 'application/json' },
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { tenant: { id: 'demo' } } });

    const page = await fetch(`${world.transport.url}/graphql`, { headers: { Accept: 'text/html' } });
    expect((await page.text()).toLowerCase()).not.toContain('<html');
  });

  it('refuses a request body over 64 KiB', async () => {
    const response = await fetch(`${world.transport.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${world.tokens.demo}` },
      body: JSON.stringify({ query: `{ tenant { id } } # ${'x'.repeat(70 * 1024)}` }),
    });

    expect(response.status).toBe(413);
  });

  it('serves GraphiQL in development only, under a policy that lets its inline script run', async () => {
    const development = await startTestTransport({ NODE_ENV: 'development' });
    try {
      const response = await fetch(`${development.url}/graphql`, { headers: { Accept: 'text/html' } });

      expect(response.status).toBe(200);
      expect((await response.text()).toLowerCase()).toContain('graphiql');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self' 'unsafe-inline'");
    } finally {
      await development.close();
    }
  });
});

describe('committed schema', () => {
  it('apps/api/transport-schema.graphql is the schema the code builds (npm run graphql:schema -w @switchyard/api rewrites it)', () => {
    const committed = readFileSync(new URL('../../apps/api/transport-schema.graphql', import.meta.url), 'utf8');

    expect(committed).toBe(printSortedSchema(transportGraphqlSchema));
  });
});
