import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOperationsHarness, type OperationsHarness } from './operations-harness.ts';

let h: OperationsHarness;
beforeAll(async () => {
  h = await startOperationsHarness();
});
afterAll(async () => h?.close());

const PATH = '/api/tenant/settings/time-zone';
const settingsRows = async (tenantId: string) =>
  h.transport.db
    .fork()
    .execute<{ actor: string; details: unknown; admin_actor: boolean }[]>(
      "select actor, details, admin_actor from transport_audit_log where tenant_id = ? and action = 'tenant.settings.update' order by created_at",
      [tenantId],
    );

describe('the tenant time zone setting', () => {
  it('is UTC for a tenant that never set one', async () => {
    expect(await h.call('GET', PATH, { token: h.tokens.acme })).toEqual({ status: 200, body: { tenant_id: 'acme', time_zone: 'UTC' } });
  });

  it('an operator changes it; the change is audited with the old and new zone and the tenant list shows it', async () => {
    const changed = await h.call('PUT', PATH, { token: h.tokens.demo, body: { time_zone: 'America/New_York' } });
    expect(changed).toEqual({ status: 200, body: { tenant_id: 'demo', time_zone: 'America/New_York' } });
    expect((await h.call('GET', PATH, { token: h.tokens.demo })).body).toEqual({ tenant_id: 'demo', time_zone: 'America/New_York' });
    const rows = await settingsRows('demo');
    expect(rows.at(-1)).toMatchObject({ details: { time_zone: { from: 'UTC', to: 'America/New_York' } }, admin_actor: false });
    const tenants = (await h.call('GET', '/api/tenants', { token: h.tokens.admin })).body as { id: string; time_zone: string }[];
    expect(tenants.find((tenant) => tenant.id === 'demo')?.time_zone).toBe('America/New_York');
    expect(tenants.find((tenant) => tenant.id === 'acme')?.time_zone).toBe('UTC');
  });

  it("a platform administrator changes a tenant's zone through the tenant header, marked as theirs", async () => {
    const changed = await h.call('PUT', PATH, {
      token: h.tokens.admin,
      headers: { 'X-Tenant-ID': 'acme' },
      body: { time_zone: 'europe/berlin' },
    });
    // Stored in the zone's canonical spelling.
    expect(changed).toEqual({ status: 200, body: { tenant_id: 'acme', time_zone: 'Europe/Berlin' } });
    expect((await settingsRows('acme')).at(-1)).toMatchObject({
      details: { time_zone: { from: 'UTC', to: 'Europe/Berlin' } },
      admin_actor: true,
    });
  });

  it("refuses a platform administrator's change that names no tenant with 400, and changes no tenant", async () => {
    const before = (await h.call('GET', '/api/tenants', { token: h.tokens.admin })).body as { id: string; time_zone: string }[];
    const refused = await h.call('PUT', PATH, { token: h.tokens.admin, body: { time_zone: 'Asia/Tokyo' } });
    expect(refused).toEqual({ status: 400, body: { detail: expect.stringContaining('No tenant named') } });
    expect(refused.body.detail).toContain('X-Tenant-ID');
    const blank = await h.call('PUT', PATH, { token: h.tokens.admin, headers: { 'X-Tenant-ID': ' ' }, body: { time_zone: 'Asia/Tokyo' } });
    expect(blank.status).toBe(400);
    expect((await h.call('GET', '/api/tenants', { token: h.tokens.admin })).body).toEqual(before);
    expect((await settingsRows('demo')).some((row) => JSON.stringify(row.details).includes('Asia/Tokyo'))).toBe(false);
    // Named in the path, the same change lands on that tenant.
    const inPath = await h.call('PUT', `/acme${PATH}`, { token: h.tokens.admin, body: { time_zone: 'Asia/Tokyo' } });
    expect(inPath).toEqual({ status: 200, body: { tenant_id: 'acme', time_zone: 'Asia/Tokyo' } });
  });

  it('refuses a zone Intl does not know with 400 naming the field, and changes nothing', async () => {
    for (const time_zone of ['Mars/Olympus_Mons', '+05:00', '', 'America/New York']) {
      const refused = await h.call('PUT', PATH, { token: h.tokens.demo, body: { time_zone } });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body.detail)).toContain('time_zone');
    }
    expect((await h.call('PUT', PATH, { token: h.tokens.demo, body: {} })).status).toBe(400);
    expect((await h.call('GET', PATH, { token: h.tokens.demo })).body.time_zone).toBe('America/New_York');
  });

  it("refuses parents (403) and strangers (401); another tenant's operator only ever reaches its own tenant", async () => {
    expect((await h.call('GET', PATH, { token: h.tokens.parent })).status).toBe(403);
    expect((await h.call('PUT', PATH, { token: h.tokens.parent, body: { time_zone: 'Europe/Paris' } })).status).toBe(403);
    expect((await h.call('PUT', PATH, { body: { time_zone: 'Europe/Paris' } })).status).toBe(401);
    // Acme's operator naming demo in the header still writes Acme's zone: the account's tenant wins.
    const aimed = await h.call('PUT', PATH, {
      token: h.tokens.acme,
      headers: { 'X-Tenant-ID': 'demo' },
      body: { time_zone: 'Europe/Paris' },
    });
    expect(aimed).toEqual({ status: 200, body: { tenant_id: 'acme', time_zone: 'Europe/Paris' } });
    expect((await h.call('GET', PATH, { token: h.tokens.demo })).body.time_zone).toBe('America/New_York');
    expect((await settingsRows('demo')).some((row) => JSON.stringify(row.details).includes('Europe/Paris'))).toBe(false);
  });

  it('a new tenant takes the zone given, or UTC; a bad one is 400', async () => {
    const created = await h.call('POST', '/api/tenants', {
      token: h.tokens.admin,
      body: { slug: 'south', name: 'South Buses', time_zone: 'America/Chicago' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'south', time_zone: 'America/Chicago' });
    const plain = await h.call('POST', '/api/tenants', { token: h.tokens.admin, body: { slug: 'plain', name: 'Plain Buses' } });
    expect(plain.body).toMatchObject({ id: 'plain', time_zone: 'UTC' });
    const refused = await h.call('POST', '/api/tenants', {
      token: h.tokens.admin,
      body: { slug: 'nowhere', name: 'Nowhere', time_zone: 'Nowhere/Land' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.detail)).toContain('time_zone');
    expect(await h.count('transport_tenant')).toBe(4);
  });
});
