import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOperationsHarness, type OperationsHarness } from './operations-harness.ts';

let h: OperationsHarness;
beforeAll(async () => {
  h = await startOperationsHarness();
  const em = h.transport.db.fork();
  await em.execute(`insert into transport_school (tenant_id, id, name, address, start_time, end_time) values
    ('demo', 'oak-elementary', 'Oak Elementary', '1 Oak St', '08:00', '14:30'),
    ('demo', 'bay-middle', 'Bay Middle', null, null, null),
    ('acme', 'acme-high', 'Acme High', '9 Main St', '07:45', '15:00')`);
});
afterAll(async () => {
  await h?.close();
});

describe('PUT /api/buses/{bus_id}/location', () => {
  it('registers an unknown bus on its first report and stamps last_update with now', async () => {
    h.transport.setNow(new Date('2026-11-20T12:34:56.000Z'));
    const answer = await h.call('PUT', '/api/buses/bus-12/location', {
      token: h.tokens.demo,
      body: { lat: 32.05, lng: -81.1, heading: 90, speed: 25.5 },
    });
    expect(answer).toEqual({ status: 200, body: { status: 'ok' } });
    const bus = await h.call('GET', '/api/buses/bus-12', { token: h.tokens.demo });
    expect(bus.body).toEqual({ id: 'bus-12', lat: 32.05, lng: -81.1, heading: 90, speed: 25.5, last_update: '2026-11-20T12:34:56.000Z' });
  });

  it('moves a known bus', async () => {
    h.transport.setNow(new Date('2026-11-20T12:35:10.000Z'));
    await h.call('PUT', '/demo/api/buses/bus-12/location', {
      token: h.tokens.demo,
      body: { lat: 32.06, lng: -81.11, heading: 180, speed: 0 },
    });
    const bus = await h.call('GET', '/api/buses/bus-12', { token: h.tokens.demo });
    expect(bus.body).toMatchObject({ lat: 32.06, lng: -81.11, heading: 180, speed: 0, last_update: '2026-11-20T12:35:10.000Z' });
    h.transport.setNow(null);
  });

  it('refuses out-of-range, mistyped and unknown fields, changing nothing', async () => {
    const before = (await h.call('GET', '/api/buses/bus-12', { token: h.tokens.demo })).body;
    const bad = [
      { lat: 91, lng: 0 },
      { lat: 0, lng: -181 },
      { lat: 0, lng: 0, heading: 361 },
      { lat: 0, lng: 0, speed: -1 },
      { lat: 0, lng: 0, speed: 1000 },
      { lat: '32', lng: 0 },
      { lng: 0 },
      { lat: 0, lng: 0, altitude: 10 },
    ];
    for (const body of bad) {
      expect((await h.call('PUT', '/api/buses/bus-12/location', { token: h.tokens.demo, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await h.call('PUT', `/api/buses/${'b'.repeat(65)}/location`, { token: h.tokens.demo, body: { lat: 0, lng: 0 } })).status).toBe(
      400,
    );
    expect((await h.call('PUT', '/api/buses/bad%20id/location', { token: h.tokens.demo, body: { lat: 0, lng: 0 } })).status).toBe(400);
    expect((await h.call('PUT', '/api/buses/bus-12/location', { token: h.tokens.parent, body: { lat: 1, lng: 1 } })).status).toBe(403);
    expect((await h.call('PUT', '/api/buses/bus-12/location', { body: { lat: 1, lng: 1 } })).status).toBe(401);
    expect((await h.call('GET', '/api/buses/bus-12', { token: h.tokens.demo })).body).toEqual(before);
    expect(await h.count('transport_bus')).toBe(1);
  });

  it('keeps buses per tenant: the same id in another tenant is another bus', async () => {
    await h.call('PUT', '/api/buses/bus-12/location', { token: h.tokens.acme, body: { lat: 40, lng: -75 } });
    const acme = await h.call('GET', '/api/buses/bus-12', { token: h.tokens.acme });
    expect(acme.body).toMatchObject({ lat: 40, lng: -75, heading: null, speed: null });
    expect((await h.call('GET', '/api/buses/bus-12', { token: h.tokens.demo })).body.lat).toBe(32.06);
  });
});

describe('GET /api/buses and /api/buses/{bus_id}', () => {
  it("lists the tenant's buses only", async () => {
    await h.call('PUT', '/api/buses/bus-3/location', { token: h.tokens.demo, body: { lat: 32, lng: -81 } });
    const demo = await h.call('GET', '/api/buses', { token: h.tokens.demo });
    expect(demo.status).toBe(200);
    expect(demo.body.map((bus: { id: string }) => bus.id)).toEqual(['bus-12', 'bus-3']);
    const acme = await h.call('GET', '/api/buses', { token: h.tokens.acme });
    expect(acme.body.map((bus: { id: string }) => bus.id)).toEqual(['bus-12']);
  });

  it('answers 404 Bus not found for unknown ids and other tenants, 401 and 403 for strangers', async () => {
    expect(await h.call('GET', '/api/buses/bus-99', { token: h.tokens.demo })).toEqual({ status: 404, body: { detail: 'Bus not found' } });
    expect((await h.call('GET', '/api/buses/bus-3', { token: h.tokens.acme })).status).toBe(404);
    expect((await h.call('GET', '/api/buses')).status).toBe(401);
    expect((await h.call('GET', '/api/buses', { token: h.tokens.parent })).status).toBe(403);
  });
});

describe('GET /api/schools', () => {
  it("answers the tenant's schools with all columns", async () => {
    const answer = await h.call('GET', '/api/schools', { token: h.tokens.demo });
    expect(answer.status).toBe(200);
    expect(answer.body.map((school: { id: string }) => school.id)).toEqual(['bay-middle', 'oak-elementary']);
    expect(answer.body[1]).toMatchObject({
      tenant_id: 'demo',
      id: 'oak-elementary',
      name: 'Oak Elementary',
      address: '1 Oak St',
      start_time: '08:00',
      end_time: '14:30',
    });
    expect(typeof answer.body[1].created_at).toBe('string');
    const acme = await h.call('GET', '/acme/api/schools', { token: h.tokens.acme });
    expect(acme.body.map((school: { id: string }) => school.id)).toEqual(['acme-high']);
  });

  it('refuses strangers and takes no query', async () => {
    expect((await h.call('GET', '/api/schools')).status).toBe(401);
    expect((await h.call('GET', '/api/schools', { token: h.tokens.parent })).status).toBe(403);
    expect((await h.call('GET', '/api/schools?x=1', { token: h.tokens.demo })).status).toBe(400);
  });
});

describe('GET /api/public/schools', () => {
  it('answers the demo tenant by default, with the public columns only', async () => {
    const answer = await h.call('GET', '/api/public/schools');
    expect(answer.status).toBe(200);
    expect(answer.body.tenant_id).toBe('demo');
    expect(answer.body.schools[1]).toEqual({
      id: 'oak-elementary',
      name: 'Oak Elementary',
      address: '1 Oak St',
      start_time: '08:00',
      end_time: '14:30',
    });
  });

  it('resolves the tenant from query, header, subdomain and path, in that order', async () => {
    const ids = async (path: string, headers: Record<string, string> = {}) => {
      const answer = await h.call('GET', path, { headers });

      return [answer.body.tenant_id, answer.body.schools.map((school: { id: string }) => school.id)];
    };
    expect(await ids('/api/public/schools?tenant=acme')).toEqual(['acme', ['acme-high']]);
    expect(await ids('/api/public/schools?slug=acme')).toEqual(['acme', ['acme-high']]);
    expect(await ids('/api/public/schools', { 'X-Tenant-Id': 'acme' })).toEqual(['acme', ['acme-high']]);
    expect(await ids('/api/public/schools?tenant=demo', { 'X-Tenant-Id': 'acme' })).toEqual(['demo', ['bay-middle', 'oak-elementary']]);
    expect(await ids('/acme/api/public/schools')).toEqual(['acme', ['acme-high']]);
  });

  it('reads the tenant from the first host label, skipping www-like labels', async () => {
    // fetch may not set Host, so this one goes through node:http.
    const tenantFor = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const req = request(`${h.transport.url}/api/public/schools`, { headers: { Host: host } }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve((JSON.parse(text) as { tenant_id: string }).tenant_id));
        });
        req.on('error', reject);
        req.end();
      });
    expect(await tenantFor('acme.transport.example')).toBe('acme');
    expect(await tenantFor('www.transport.example')).toBe('demo');
  });

  it('answers 404 Tenant not found for an unknown tenant and refuses unknown query fields', async () => {
    expect(await h.call('GET', '/api/public/schools?tenant=nosuch')).toEqual({ status: 404, body: { detail: 'Tenant not found' } });
    expect((await h.call('GET', '/api/public/schools?limit=3')).status).toBe(400);
  });
});
