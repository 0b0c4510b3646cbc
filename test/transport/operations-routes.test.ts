import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOperationsHarness, type OperationsHarness } from './operations-harness.ts';

let h: OperationsHarness;
beforeAll(async () => {
  h = await startOperationsHarness();
});
afterAll(async () => {
  await h?.close();
});

const stop = (name: string, lat: number, lng: number, extra: Record<string, unknown> = {}) => ({
  name,
  address: `${name} address`,
  lat,
  lng,
  time: '07:10',
  riders: [],
  ...extra,
});

const createRoute = async (body: Record<string, unknown>, token = h.tokens.demo) => {
  const answer = await h.call('POST', '/api/routes', { token, body });
  expect(answer.status).toBe(200);

  return answer.body;
};

describe('POST /api/routes', () => {
  it('creates a route with ordered stops and a slug id from the name', async () => {
    const route = await createRoute({
      name: 'North Loop',
      bus_id: 'bus-7',
      driver: 'Pat Driver',
      mode: 'morning',
      stops: [stop('Oak & 5th', 32.05, -81.1, { riders: ['Ann', { name: 'Bo', grade: 3 }] }), stop('Pine', 32.06, -81.09)],
    });
    expect(route).toMatchObject({
      id: 'north-loop',
      name: 'North Loop',
      bus_id: 'bus-7',
      driver: 'Pat Driver',
      mode: 'morning',
      status: 'active',
      miles: null,
      stop_count: 2,
    });
    expect(route.stops.map((s: { position: number; name: string }) => [s.position, s.name])).toEqual([
      [1, 'Oak & 5th'],
      [2, 'Pine'],
    ]);
    expect(route.stops[0]).toEqual({
      position: 1,
      name: 'Oak & 5th',
      address: 'Oak & 5th address',
      lat: 32.05,
      lng: -81.1,
      time: '07:10',
      riders: ['Ann', { name: 'Bo', grade: 3 }],
    });
    expect(new Date(route.created_at).toISOString()).toBe(route.created_at);
  });

  it('gives a second route of the same name the next free slug and fills defaults', async () => {
    const first = await createRoute({ name: 'East Side!' });
    const second = await createRoute({ name: 'east side' });
    expect(first).toMatchObject({ id: 'east-side', mode: 'both', status: 'active', bus_id: null, driver: null, stops: [], stop_count: 0 });
    expect(second.id).toBe('east-side-2');
  });

  it('gives routes created at the same moment with the same name distinct slugs', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => h.call('POST', '/api/routes', { token: h.tokens.demo, body: { name: 'Rush Hour', stops: [{ name: 'A' }] } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.body.id).sort()).toEqual(['rush-hour', 'rush-hour-2', 'rush-hour-3', 'rush-hour-4']);
    for (const id of ['rush-hour', 'rush-hour-2', 'rush-hour-3', 'rush-hour-4']) {
      expect((await h.call('DELETE', `/api/routes/${id}`, { token: h.tokens.demo })).status).toBe(200);
    }
  });

  it('lets another tenant use the same slug', async () => {
    const route = await createRoute({ name: 'North Loop' }, h.tokens.acme);
    expect(route.id).toBe('north-loop');
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await h.count('transport_route');
    const bad = [
      {},
      { name: '' },
      { name: 42 },
      { name: 'x'.repeat(201) },
      { name: 'Ok', mode: 'evening' },
      { name: 'Ok', status: 'retired' },
      { name: 'Ok', miles: -1 },
      { name: 'Ok', bus_id: 'has space' },
      { name: 'Ok', colour: 'red' },
      { name: 'Ok', stops: [{ name: 'A', lat: 91, lng: 0 }] },
      { name: 'Ok', stops: [{ name: 'A', lng: 181 }] },
      { name: 'Ok', stops: [{ name: 'A', time: '25:00' }] },
      { name: 'Ok', stops: [{ name: 'A', extra: true }] },
      { name: 'Ok', stops: Array.from({ length: 201 }, (_, i) => ({ name: `S${i}` })) },
    ];
    for (const body of bad) {
      const answer = await h.call('POST', '/api/routes', { token: h.tokens.demo, body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof answer.body.detail).toBe('string');
    }
    expect((await h.call('POST', '/api/routes', { token: h.tokens.demo, body: { name: 'Ok', colour: 'red' } })).body.detail).toMatch(
      /unknown field\(s\): colour/,
    );
    expect(await h.count('transport_route')).toBe(before);
  });

  it('refuses an oversized body with 413, a non-JSON body with 415 and broken JSON with 400, changing nothing', async () => {
    const before = await h.count('transport_route');
    const huge = await h.call('POST', '/api/routes', {
      token: h.tokens.demo,
      rawBody: JSON.stringify({ name: 'Big', notes: 'x'.repeat(300 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.detail).toMatch(/larger than/);
    const form = await fetch(`${h.transport.url}/api/routes`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.tokens.demo}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=Form',
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ detail: 'Send the body as application/json.' });
    expect((await h.call('POST', '/api/routes', { token: h.tokens.demo, rawBody: '{"name": "Broken"' })).status).toBe(400);
    expect(await h.count('transport_route')).toBe(before);
  });

  it('requires a staff token of the tenant', async () => {
    const before = await h.count('transport_route');
    expect((await h.call('POST', '/api/routes', { body: { name: 'Nope' } })).status).toBe(401);
    expect((await h.call('POST', '/api/routes', { token: 'not-a-token', body: { name: 'Nope' } })).body).toEqual({
      detail: 'Invalid token',
    });
    const parent = await h.call('POST', '/api/routes', { token: h.tokens.parent, body: { name: 'Nope' } });
    expect(parent).toEqual({ status: 403, body: { detail: 'Forbidden' } });
    expect(await h.count('transport_route')).toBe(before);
  });
});

describe('GET /api/routes and /api/routes/{route_id}', () => {
  it('lists routes of the tenant only, with the stop count instead of stops', async () => {
    await createRoute({ name: 'Listed', stops: [stop('A', 32, -81), stop('B', 32.1, -81.1), stop('C', 32.2, -81.2)] });
    const demo = await h.call('GET', '/api/routes', { token: h.tokens.demo });
    expect(demo.status).toBe(200);
    const listed = demo.body.find((route: { id: string }) => route.id === 'listed');
    expect(listed).toMatchObject({ id: 'listed', name: 'Listed', stops: 3 });
    const acme = await h.call('GET', '/api/routes', { token: h.tokens.acme });
    expect(acme.body.map((route: { id: string }) => route.id)).toEqual(['north-loop']);
  });

  it('answers one route with stops, and 404 for unknown ids and other tenants', async () => {
    const route = await h.call('GET', '/api/routes/north-loop', { token: h.tokens.demo });
    expect(route.status).toBe(200);
    expect(route.body.stops).toHaveLength(2);
    expect(await h.call('GET', '/api/routes/nowhere', { token: h.tokens.demo })).toEqual({
      status: 404,
      body: { detail: 'Route not found' },
    });
    expect((await h.call('GET', '/api/routes/listed', { token: h.tokens.acme })).status).toBe(404);
  });

  it('is served under /{tenant}/api as well, and a user of another tenant is refused there', async () => {
    const prefixed = await h.call('GET', '/demo/api/routes/north-loop', { token: h.tokens.demo });
    expect(prefixed.status).toBe(200);
    expect(prefixed.body.id).toBe('north-loop');
    // The user's own tenant comes first, so acme's operator sees acme's route under any prefix.
    const acme = await h.call('GET', '/demo/api/routes', { token: h.tokens.acme });
    expect(acme.body.map((route: { id: string }) => route.id)).toEqual(['north-loop']);
    expect(acme.body[0].stops).toBe(0);
  });

  it('lets a platform admin work in the tenant named by the path', async () => {
    const admin = await h.call('GET', '/acme/api/routes', { token: h.tokens.admin });
    expect(admin.status).toBe(200);
    expect(admin.body.map((route: { id: string }) => route.id)).toEqual(['north-loop']);
    expect((await h.call('GET', '/nosuch/api/routes', { token: h.tokens.admin })).body).toEqual({ detail: 'Tenant not found' });
  });

  it('lets a platform admin name the tenant with X-Tenant-Id, and ignores the header for a tenant user', async () => {
    const admin = await h.call('GET', '/api/routes', { token: h.tokens.admin, headers: { 'X-Tenant-Id': 'acme' } });
    expect(admin.body.map((route: { id: string }) => route.id)).toEqual(['north-loop']);
    expect((await h.call('GET', '/api/routes', { token: h.tokens.admin, headers: { 'X-Tenant-Id': 'nosuch' } })).body).toEqual({
      detail: 'Tenant not found',
    });
    const demo = await h.call('GET', '/api/routes', { token: h.tokens.demo, headers: { 'X-Tenant-Id': 'acme' } });
    expect(demo.body.map((route: { id: string }) => route.id)).toContain('listed');
  });
});

describe('PUT /api/routes/{route_id}', () => {
  it('changes the given fields and keeps the others', async () => {
    await createRoute({ name: 'Patchy', driver: 'Kim', mode: 'afternoon', stops: [stop('A', 32, -81)] });
    const answer = await h.call('PUT', '/api/routes/patchy', {
      token: h.tokens.demo,
      body: { status: 'inactive', miles: 12.5, bus_id: null },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: 'patchy',
      name: 'Patchy',
      driver: 'Kim',
      mode: 'afternoon',
      status: 'inactive',
      miles: 12.5,
      bus_id: null,
      stop_count: 1,
    });
  });

  it('replaces all stops and re-syncs the count; the id stays when the name changes', async () => {
    const answer = await h.call('PUT', '/api/routes/patchy', {
      token: h.tokens.demo,
      body: { name: 'Patchy Renamed', stops: [stop('X', 32.1, -81), stop('Y', 32.2, -81), stop('Z', 32.3, -81)] },
    });
    expect(answer.body).toMatchObject({ id: 'patchy', name: 'Patchy Renamed', stop_count: 3 });
    expect(answer.body.stops.map((s: { name: string }) => s.name)).toEqual(['X', 'Y', 'Z']);
    const list = await h.call('GET', '/api/routes', { token: h.tokens.demo });
    expect(list.body.find((route: { id: string }) => route.id === 'patchy').stops).toBe(3);
    const cleared = await h.call('PUT', '/api/routes/patchy', { token: h.tokens.demo, body: { stops: [] } });
    expect(cleared.body).toMatchObject({ stop_count: 0, stops: [] });
  });

  it('answers 404 for another tenant and refuses bad input, changing nothing', async () => {
    const before = (await h.call('GET', '/api/routes/north-loop', { token: h.tokens.demo })).body;
    expect(await h.call('PUT', '/api/routes/listed', { token: h.tokens.acme, body: { name: 'Stolen', stops: [] } })).toEqual({
      status: 404,
      body: { detail: 'Route not found' },
    });
    // acme has a north-loop of its own: changing it leaves demo's untouched.
    expect(
      (await h.call('PUT', '/api/routes/north-loop', { token: h.tokens.acme, body: { name: 'Acme North', stops: [] } })).body.name,
    ).toBe('Acme North');
    expect((await h.call('GET', '/api/routes/listed', { token: h.tokens.demo })).body).toMatchObject({ name: 'Listed', stop_count: 3 });
    for (const body of [{ status: 'gone' }, { miles: 'far' }, { stops: [{ name: 'A', lat: 'x' }] }, { id: 'other' }, { name: null }]) {
      expect((await h.call('PUT', '/api/routes/north-loop', { token: h.tokens.demo, body })).status).toBe(400);
    }
    expect((await h.call('PUT', '/api/routes/north-loop', { token: h.tokens.parent, body: { name: 'Parent' } })).status).toBe(403);
    const after = (await h.call('GET', '/api/routes/north-loop', { token: h.tokens.demo })).body;
    expect(after).toEqual(before);
  });

  it('answers 401 without a token or with an unknown one, changing nothing', async () => {
    const before = (await h.call('GET', '/api/routes/listed', { token: h.tokens.demo })).body;
    const stopsBefore = await h.count('transport_route_stop', 'demo');
    for (const token of [undefined, 'forged-token']) {
      for (const path of ['/api/routes/listed', '/demo/api/routes/listed', '/api/routes/no-such-route']) {
        const answer = await h.call('PUT', path, { ...(token ? { token } : {}), body: { name: 'Anonymous', stops: [] } });
        expect(answer, `${path} ${token ?? 'no token'}`).toEqual({ status: 401, body: { detail: 'Invalid token' } });
      }
    }
    expect((await h.call('GET', '/api/routes/listed', { token: h.tokens.demo })).body).toEqual(before);
    expect(await h.count('transport_route_stop', 'demo')).toBe(stopsBefore);
  });
});

describe('DELETE /api/routes/{route_id}', () => {
  it('deletes the route and its stops', async () => {
    await createRoute({ name: 'Doomed', stops: [stop('A', 32, -81), stop('B', 32, -81)] });
    const stopsBefore = await h.count('transport_route_stop', 'demo');
    expect(await h.call('DELETE', '/demo/api/routes/doomed', { token: h.tokens.demo })).toEqual({ status: 200, body: { ok: true } });
    expect(await h.count('transport_route_stop', 'demo')).toBe(stopsBefore - 2);
    expect((await h.call('GET', '/api/routes/doomed', { token: h.tokens.demo })).status).toBe(404);
    expect((await h.call('DELETE', '/api/routes/doomed', { token: h.tokens.demo })).body).toEqual({ detail: 'Route not found' });
  });

  it("never deletes another tenant's route", async () => {
    expect((await h.call('DELETE', '/api/routes/listed', { token: h.tokens.acme })).status).toBe(404);
    expect((await h.call('DELETE', '/api/routes/listed', { token: h.tokens.parent })).status).toBe(403);
    expect((await h.call('DELETE', '/api/routes/listed')).status).toBe(401);
    expect((await h.call('GET', '/api/routes/listed', { token: h.tokens.demo })).status).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the route, bus, school, weather and traffic paths', async () => {
    const answer = await h.call('GET', '/api/openapi.json');
    expect(Object.keys(answer.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/routes',
        '/api/routes/{route_id}',
        '/api/routes/{route_id}/conditions',
        '/api/buses',
        '/api/buses/{bus_id}',
        '/api/buses/{bus_id}/location',
        '/api/schools',
        '/api/public/schools',
        '/api/weather',
        '/api/health/tomtom',
      ]),
    );
  });
});
