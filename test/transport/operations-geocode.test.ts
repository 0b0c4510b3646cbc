import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGeocoder, type FakeGeocoder } from '../support/fake-geocoder.ts';
import { startOperationsHarness, type OperationsHarness } from './operations-harness.ts';

const PLACES = [
  { display_name: 'Oak Street & 5th Street, Savannah, Georgia', lat: '32.0601', lon: '-81.0912' },
  { display_name: 'Oak Street, Pooler, Georgia', lat: '32.1150', lon: '-81.2470' },
  { display_name: 'Jefferson Elementary, 100 School Rd, Savannah', lat: '32.0500', lon: '-81.0500' },
];

let geocoder: FakeGeocoder;
let h: OperationsHarness;
// A service clock the tests step: the geocoder's one-a-second turns are read on it.
let clock = Date.parse('2026-11-02T12:00:00Z');
const later = (ms: number) => {
  clock += ms;
  h.transport.setNow(new Date(clock));
};

beforeAll(async () => {
  geocoder = await startFakeGeocoder(PLACES);
  // 1 s: no call waits for a turn (a second call within the second is busy), and a slow geocoder is given up on after 1 s.
  h = await startOperationsHarness({
    GEOCODER_URL: geocoder.url,
    GEOCODER_CONTACT: 'transport-ops@example.com',
    TRANSPORT_HTTP_TIMEOUT_MS: '1000',
  });
});
afterAll(async () => {
  await h?.close();
  await geocoder?.close();
});
beforeEach(() => {
  geocoder.requests.length = 0;
  geocoder.setMode({ kind: 'answer' });
  // Past the last provider turn and the per-operator count of the test before.
  later(120_000);
});

const search = (q: string, token = h.tokens.demo, extra = '') =>
  h.call('GET', `/api/geocode?q=${encodeURIComponent(q)}${extra}`, { token });
const cacheRows = () => h.count('transport_geocode_cache');

describe('GET /api/geocode', () => {
  it('asks the geocoder once with the product named, then answers the same search from the database', async () => {
    const first = await search('Oak  Street');
    expect(first).toEqual({
      status: 200,
      body: {
        query: 'Oak  Street',
        cached: false,
        results: [
          { label: 'Oak Street & 5th Street, Savannah, Georgia', lat: 32.0601, lng: -81.0912 },
          { label: 'Oak Street, Pooler, Georgia', lat: 32.115, lng: -81.247 },
        ],
      },
    });
    expect(geocoder.requests).toHaveLength(1);
    const asked = geocoder.requests[0]!;
    expect(asked.url.pathname).toBe('/search');
    expect(asked.url.searchParams.get('q')).toBe('oak street');
    expect(asked.url.searchParams.get('format')).toBe('jsonv2');
    expect(asked.url.searchParams.get('limit')).toBe('5');
    // No home area yet (no stops, none set): results are not steered anywhere.
    expect(asked.url.searchParams.has('viewbox')).toBe(false);
    expect(asked.headers['user-agent']).toBe('Switchyard-Transport/1.0 (school transport address search; transport-ops@example.com)');

    later(1);
    const again = await search('  OAK street ');
    expect(again.body).toMatchObject({ cached: true, results: first.body.results });
    expect(geocoder.requests).toHaveLength(1);
    expect(await cacheRows()).toBe(1);
  });

  it('asks again once the stored answer is a month old', async () => {
    await search('Jefferson Elementary');
    expect(geocoder.requests).toHaveLength(1);
    later(31 * 86_400_000);
    const fresh = await search('Jefferson Elementary');
    expect(fresh.body.cached).toBe(false);
    expect(geocoder.requests).toHaveLength(2);
  });

  it("prefers places near the tenant's home area, stored apart from searches of elsewhere", async () => {
    const set = await h.call('PUT', '/api/tenant/settings/home-area', {
      token: h.tokens.demo,
      body: { home_area: { lat: 32.08, lng: -81.09, zoom: 12 } },
    });
    expect(set.status).toBe(200);
    const rowsBefore = await cacheRows();
    const near = await search('Pooler');
    expect(near.body.cached).toBe(false);
    expect(geocoder.requests[0]?.url.searchParams.get('viewbox')).toBe('-81.3900,32.3800,-80.7900,31.7800');
    expect(await cacheRows()).toBe(rowsBefore + 1);
    // Another tenant without a home area asks for the same words: a search of its own.
    later(1000);
    const elsewhere = await search('pooler', h.tokens.acme);
    expect(elsewhere.body.cached).toBe(false);
    expect(geocoder.requests[1]?.url.searchParams.has('viewbox')).toBe(false);
    expect((await h.call('PUT', '/api/tenant/settings/home-area', { token: h.tokens.demo, body: { home_area: null } })).status).toBe(200);
  });

  it('queues no caller past its answer time: a second uncached search within the second is busy, 503 with Retry-After', async () => {
    expect((await search('Savannah')).status).toBe(200);
    const busy = await h.call('GET', `/api/geocode?q=Georgia`, { token: h.tokens.demo });
    expect(busy).toEqual({ status: 503, body: { detail: 'Address search is busy; try again in a moment, or type the coordinates.' } });
    const raw = await fetch(`${h.transport.url}/api/geocode?q=Georgia`, { headers: { Authorization: `Bearer ${h.tokens.demo}` } });
    expect(raw.headers.get('retry-after')).toBe('1');
    // A stored answer needs no turn.
    expect((await search('savannah')).body.cached).toBe(true);
    later(1000);
    expect((await search('Georgia')).status).toBe(200);
    expect(geocoder.requests.map((request) => request.url.searchParams.get('q'))).toEqual(['savannah', 'georgia']);
  });

  it('says clearly when the geocoder fails, is slow or is down, and stores nothing', async () => {
    const rows = await cacheRows();
    geocoder.setMode({ kind: 'fail', status: 500 });
    expect(await search('Broken Street')).toEqual({
      status: 502,
      body: { detail: 'Address search failed (HTTP 500); try again, or type the coordinates.' },
    });
    later(1000);
    geocoder.setMode({ kind: 'slow', delayMs: 5000 });
    expect(await search('Slow Street')).toEqual({
      status: 502,
      body: { detail: 'Address search did not answer in time; try again, or type the coordinates.' },
    });
    later(1000);
    geocoder.setMode({ kind: 'answer' });
    expect((await search('Broken Street')).body).toMatchObject({ cached: false, results: [] });
    expect(await cacheRows()).toBe(rows + 1);
  });

  it('is for operators of the tenant: 401 without a token, 403 for a family', async () => {
    expect((await h.call('GET', '/api/geocode?q=Oak%20Street')).status).toBe(401);
    expect((await search('Oak Street', h.tokens.parent)).status).toBe(403);
    expect(geocoder.requests).toHaveLength(0);
  });

  it('refuses a query too short or too long, an unknown field and hostile text with 400, asking nobody', async () => {
    for (const extra of ['?q=ab', `?q=${'x'.repeat(201)}`, '?q=Oak%20Street&limit=50', '?q=Oak%00Street', '?q=%20%20%20%20ab%20', '']) {
      const refused = await h.call('GET', `/api/geocode${extra}`, { token: h.tokens.demo });
      expect(refused.status, extra).toBe(400);
      expect(refused.body.detail, extra).toBeTruthy();
    }
    expect(geocoder.requests).toHaveLength(0);
  });

  it('limits each operator to 30 searches a minute (429 with Retry-After), stored answers included', async () => {
    await search('Oak Street');
    const answers = [];
    for (let i = 0; i < 30; i++) {
      answers.push((await search('Oak Street')).status);
    }
    expect(answers.slice(0, 29).every((status) => status === 200)).toBe(true);
    expect(answers[29]).toBe(429);
    // Another operator has a count of their own.
    expect((await search('Oak Street', h.tokens.acme)).status).not.toBe(429);
  });

  it('says so when the geocoder is down (last: it stops the fake)', async () => {
    await geocoder.close();
    expect(await search('Closed Street')).toEqual({
      status: 502,
      body: { detail: 'Address search is unreachable right now; type the coordinates instead.' },
    });
  });

  it('is in the OpenAPI document', async () => {
    const document = (await h.call('GET', '/api/openapi.json')).body;
    expect(document.paths['/api/geocode']?.get).toBeTruthy();
    expect(document.paths['/api/tenant/settings/home-area']?.put).toBeTruthy();
  });
});

describe('without a geocoder (GEOCODER_URL=off)', () => {
  it('answers 503 saying so, and the map settings tell the page', async () => {
    const off = await startOperationsHarness({ GEOCODER_URL: 'off' });
    try {
      expect(await off.call('GET', '/api/geocode?q=Oak%20Street', { token: off.tokens.demo })).toEqual({
        status: 503,
        body: { detail: 'Address search is off on this server; type the coordinates instead.' },
      });
      const settings = await fetch(`${off.transport.url}/trpc/operations.mapSettings`);
      expect(((await settings.json()) as { result: { data: { geocoder: boolean } } }).result.data.geocoder).toBe(false);
    } finally {
      await off.close();
    }
  });
});
