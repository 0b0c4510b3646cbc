import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOperationsHarness, type OperationsHarness } from './operations-harness.ts';

let h: OperationsHarness;
beforeAll(async () => {
  h = await startOperationsHarness();
});
afterAll(async () => h?.close());

const PATH = '/api/tenant/settings/home-area';
const auditRows = async (tenantId: string) =>
  h.transport.db
    .fork()
    .execute<{ details: { home_area?: unknown } }[]>(
      "select details from transport_audit_log where tenant_id = ? and action = 'tenant.settings.update' order by created_at",
      [tenantId],
    );

describe('the tenant home area', () => {
  it('is null for a tenant with no stops and none set, then the middle of its stops', async () => {
    expect(await h.call('GET', PATH, { token: h.tokens.demo })).toEqual({ status: 200, body: { tenant_id: 'demo', home_area: null } });
    const route = {
      name: 'Southside',
      stops: [{ name: 'Oak & 5th', lat: 32.0, lng: -81.1 }, { name: 'School', lat: 32.1, lng: -81.0 }, { name: 'Unplaced' }],
    };
    expect((await h.call('POST', '/api/routes', { token: h.tokens.demo, body: route })).status).toBe(200);
    const derived = await h.call('GET', PATH, { token: h.tokens.demo });
    expect(derived.body.home_area).toMatchObject({ lat: 32.05, lng: -81.05, source: 'stops' });
    // Families' maps open there too.
    expect((await h.call('GET', PATH, { token: h.tokens.parent })).body).toEqual(derived.body);
    // Another tenant's stops are not its home.
    expect((await h.call('GET', PATH, { token: h.tokens.acme })).body).toEqual({ tenant_id: 'acme', home_area: null });
  });

  it('an operator sets it and clears it; each change is audited with before and after', async () => {
    const set = await h.call('PUT', PATH, { token: h.tokens.demo, body: { home_area: { lat: 31.98, lng: -81.2, zoom: 11 } } });
    expect(set).toEqual({ status: 200, body: { tenant_id: 'demo', home_area: { lat: 31.98, lng: -81.2, zoom: 11, source: 'set' } } });
    expect((await auditRows('demo')).at(-1)?.details).toEqual({ home_area: { from: null, to: { lat: 31.98, lng: -81.2, zoom: 11 } } });
    const cleared = await h.call('PUT', PATH, { token: h.tokens.demo, body: { home_area: null } });
    expect(cleared.body.home_area).toMatchObject({ source: 'stops' });
    expect((await auditRows('demo')).at(-1)?.details).toEqual({ home_area: { from: { lat: 31.98, lng: -81.2, zoom: 11 }, to: null } });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = (await h.call('GET', PATH, { token: h.tokens.demo })).body;
    const rows = (await auditRows('demo')).length;
    for (const body of [
      { home_area: { lat: 95, lng: -81, zoom: 12 } },
      { home_area: { lat: 32, lng: -181, zoom: 12 } },
      { home_area: { lat: 32, lng: -81, zoom: 30 } },
      { home_area: { lat: 32, lng: -81, zoom: 12.5 } },
      { home_area: { lat: '32', lng: -81, zoom: 12 } },
      { home_area: { lat: 32, lng: -81, zoom: 12, label: '<script>' } },
      { home_area: { lat: 32, lng: -81, zoom: 12 }, tenant_id: 'acme' },
      {},
    ]) {
      const refused = await h.call('PUT', PATH, { token: h.tokens.demo, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await h.call('GET', PATH, { token: h.tokens.demo })).body).toEqual(before);
    expect(await auditRows('demo')).toHaveLength(rows);
  });

  it('is set by operators only; a platform administrator must name the tenant', async () => {
    const body = { home_area: { lat: 10, lng: 10, zoom: 10 } };
    expect((await h.call('PUT', PATH, { token: h.tokens.parent, body })).status).toBe(403);
    expect((await h.call('PUT', PATH, { body })).status).toBe(401);
    expect((await h.call('PUT', PATH, { token: h.tokens.admin, body })).status).toBe(400);
    // Another tenant's operator naming demo reaches only its own tenant.
    const other = await h.call('PUT', PATH, { token: h.tokens.acme, headers: { 'X-Tenant-ID': 'demo' }, body });
    expect(other.body).toEqual({ tenant_id: 'acme', home_area: { lat: 10, lng: 10, zoom: 10, source: 'set' } });
    expect((await h.call('GET', PATH, { token: h.tokens.demo })).body.home_area).toMatchObject({ source: 'stops' });
    const admin = await h.call('PUT', PATH, {
      token: h.tokens.admin,
      headers: { 'X-Tenant-ID': 'acme' },
      body: { home_area: { lat: 11, lng: 11, zoom: 9 } },
    });
    expect(admin.body).toEqual({ tenant_id: 'acme', home_area: { lat: 11, lng: 11, zoom: 9, source: 'set' } });
  });
});
