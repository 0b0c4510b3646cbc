import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeJsonProvider as startFakeProvider, type FakeJsonProvider as FakeProvider } from '../support/fake-json-provider.ts';
import { startOperationsHarness, type OperationsHarness } from './operations-harness.ts';

const feature = (iconCategory: number, magnitudeOfDelay: number) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [-81.1, 32.05] },
  properties: {
    id: `i-${iconCategory}-${magnitudeOfDelay}`,
    iconCategory,
    magnitudeOfDelay,
    from: 'Abercorn St',
    to: 'DeRenne Ave',
    delay: 90,
    length: 1200,
    events: [{ description: 'Stationary traffic', code: 101 }],
  },
});

let tomtom: FakeProvider;
let weather: FakeProvider;
let h: OperationsHarness;
let keyless: OperationsHarness;
const KEY = 'tt-secret-key-123';

beforeAll(async () => {
  tomtom = await startFakeProvider();
  weather = await startFakeProvider();
  h = await startOperationsHarness({
    TOMTOM_URL: tomtom.url,
    TOMTOM_API_KEY: KEY,
    WEATHER_URL: weather.url,
    TRANSPORT_HTTP_TIMEOUT_MS: '300',
  });
  keyless = await startOperationsHarness();
  await h.transport.db.fork().execute(`insert into transport_school (tenant_id, id, name, address) values
    ('demo', 'jefferson', 'Jefferson Elementary', '100 School Rd'),
    ('demo', 'far-away', 'Far Away High', '1 Distant Ln'),
    ('acme', 'acme-jefferson', 'Jefferson Elementary', '100 School Rd')`);
  for (const [token, body] of [
    [
      h.tokens.demo,
      {
        name: 'Southside',
        stops: [
          { name: 'Oak & 5th', lat: 32.0, lng: -81.1 },
          { name: 'Jefferson Elementary', lat: 32.05, lng: -81.05 },
        ],
      },
    ],
    [h.tokens.demo, { name: 'No Coordinates', stops: [{ name: 'Somewhere' }] }],
  ] as const) {
    expect((await h.call('POST', '/api/routes', { token, body })).status).toBe(200);
  }
  expect(
    (
      await keyless.call('POST', '/api/routes', {
        token: keyless.tokens.demo,
        body: { name: 'Southside', stops: [{ name: 'A', lat: 32, lng: -81 }] },
      })
    ).status,
  ).toBe(200);
});
afterAll(async () => {
  await h?.close();
  await keyless?.close();
  await tomtom?.close();
  await weather?.close();
});
/**
 * Provider answers are shared for a while (docs/transport.md): each test, and each call that must
 * reach the provider again, starts an hour later on the service clock, after every stored answer
 * and rate-limit window has lapsed.
 */
let clock = Date.now();
const anHourLater = () => {
  clock += 60 * 60 * 1000;
  h.transport.setNow(new Date(clock));
};
beforeEach(() => {
  tomtom.requests.length = 0;
  weather.requests.length = 0;
  anHourLater();
});

describe('GET /api/routes/{route_id}/conditions', () => {
  it('asks TomTom v5 for the padded stop box and reports a clear route with the schools it serves', async () => {
    tomtom.reply({ status: 200, body: { incidents: [] } });
    const answer = await h.call('GET', '/api/routes/southside/conditions', { token: h.tokens.demo });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      route_id: 'southside',
      route_name: 'Southside',
      summary: 'clear',
      incident_count: 0,
      incidents: [],
      bbox: '-81.11,31.99,-81.04,32.06',
    });
    expect(answer.body.schools).toEqual([
      { id: 'jefferson', name: 'Jefferson Elementary', address: '100 School Rd', start_time: null, end_time: null },
    ]);
    const request = tomtom.requests[0];
    expect(request?.pathname).toBe('/traffic/services/5/incidentDetails');
    expect(request?.searchParams.get('bbox')).toBe('-81.11,31.99,-81.04,32.06');
    expect(request?.searchParams.get('key')).toBe(KEY);
    expect(request?.searchParams.get('fields')).toContain('magnitudeOfDelay');
  });

  it('summarises incidents as moderate or heavy', async () => {
    tomtom.reply({ status: 200, body: { incidents: [feature(6, 1), feature(9, 2)] } });
    const moderate = await h.call('GET', '/api/routes/southside/conditions', { token: h.tokens.demo });
    expect(moderate.body).toMatchObject({ summary: 'moderate', incident_count: 2 });
    expect(moderate.body.incidents[0]).toMatchObject({
      id: 'i-6-1',
      category: 'jam',
      magnitude: 'minor',
      description: 'Stationary traffic',
      from: 'Abercorn St',
      delay_seconds: 90,
    });
    tomtom.reply({ status: 200, body: { incidents: [feature(6, 3)] } });
    expect((await h.call('GET', '/api/routes/southside/conditions', { token: h.tokens.demo })).body.summary).toBe('heavy');
    tomtom.reply({ status: 200, body: { incidents: [feature(8, 0)] } });
    expect((await h.call('GET', '/api/routes/southside/conditions', { token: h.tokens.demo })).body.summary).toBe('heavy');
    tomtom.reply({ status: 200, body: { incidents: [1, 2, 3, 4, 5].map(() => feature(6, 1)) } });
    expect((await h.call('GET', '/demo/api/routes/southside/conditions', { token: h.tokens.demo })).body).toMatchObject({
      summary: 'heavy',
      incident_count: 5,
    });
  });

  it('answers 200 unavailable when TomTom fails, times out or answers nonsense, and never logs the key', async () => {
    for (const reply of [
      { status: 500, body: { error: 'x' } },
      { status: 403, body: 'Over the limit' },
      { status: 200, body: 'not json' },
      { status: 200, body: { incidents: [] }, delayMs: 600 },
    ]) {
      tomtom.reply(reply);
      const answer = await h.call('GET', '/api/routes/southside/conditions', { token: h.tokens.demo });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ summary: 'unavailable', incident_count: 0, incidents: [], bbox: '-81.11,31.99,-81.04,32.06' });
    }
    expect(h.transport.logLines.join('\n')).not.toContain(KEY);
  });

  it('answers unavailable without asking TomTom when no stop has coordinates, or no key is set', async () => {
    const answer = await h.call('GET', '/api/routes/no-coordinates/conditions', { token: h.tokens.demo });
    expect(answer.body).toMatchObject({ summary: 'unavailable', bbox: '', incident_count: 0 });
    expect(tomtom.requests).toHaveLength(0);
    const noKey = await keyless.call('GET', '/api/routes/southside/conditions', { token: keyless.tokens.demo });
    expect(noKey.body).toMatchObject({ summary: 'unavailable', detail: 'TOMTOM_API_KEY is not set' });
  });

  it('answers 404 for unknown routes and routes of other tenants, 401 and 403 for strangers', async () => {
    expect(await h.call('GET', '/api/routes/nowhere/conditions', { token: h.tokens.demo })).toEqual({
      status: 404,
      body: { detail: 'Route not found' },
    });
    expect((await h.call('GET', '/api/routes/southside/conditions', { token: h.tokens.acme })).status).toBe(404);
    expect((await h.call('GET', '/api/routes/southside/conditions')).status).toBe(401);
    expect((await h.call('GET', '/api/routes/southside/conditions', { token: h.tokens.parent })).status).toBe(403);
    expect(tomtom.requests).toHaveLength(0);
  });
});

describe('GET /api/health/tomtom', () => {
  it('reports a missing key without calling out', async () => {
    expect(await keyless.call('GET', '/api/health/tomtom')).toEqual({
      status: 200,
      body: { ok: false, status: 0, detail: 'TOMTOM_API_KEY is not set' },
    });
  });

  it('pings the incident API and reports its status, never the key', async () => {
    tomtom.reply({ status: 200, body: { incidents: [] } });
    const ok = await h.call('GET', '/api/health/tomtom');
    expect(ok.body).toMatchObject({ ok: true, status: 200 });
    expect(tomtom.requests[0]?.pathname).toBe('/traffic/services/5/incidentDetails');
    tomtom.reply({ status: 403, body: 'Forbidden' });
    anHourLater();
    const refused = await h.call('GET', '/api/health/tomtom');
    expect(refused.body).toEqual({ ok: false, status: 403, detail: 'TomTom answered HTTP 403' });
    expect(JSON.stringify(refused.body)).not.toContain(KEY);
    tomtom.reply({ status: 200, body: {}, delayMs: 600 });
    anHourLater();
    expect((await h.call('GET', '/api/health/tomtom')).body).toEqual({ ok: false, status: 0, detail: 'TomTom did not answer in time' });
  });
});

describe('GET /api/weather', () => {
  const forecast = {
    latitude: 32.0,
    longitude: -81.0,
    current: { temperature_2m: 71.2, weather_code: 3 },
    daily: { time: ['2026-11-22'], temperature_2m_max: [74] },
  };

  it("answers Open-Meteo's JSON for the default location", async () => {
    weather.reply({ status: 200, body: forecast });
    expect(await h.call('GET', '/api/weather')).toEqual({ status: 200, body: forecast });
    const request = weather.requests[0];
    expect(request?.pathname).toBe('/v1/forecast');
    expect(request?.searchParams.get('latitude')).toBe('32.0158');
    expect(request?.searchParams.get('longitude')).toBe('-81.0595');
    expect(request?.searchParams.get('current')).toContain('temperature_2m');
    expect(request?.searchParams.get('daily')).toContain('temperature_2m_max');
    expect(request?.searchParams.get('timezone')).toBe('auto');
  });

  it('passes the given coordinates', async () => {
    weather.reply({ status: 200, body: forecast });
    await h.call('GET', '/api/weather?lat=40.5&lon=-74.25');
    expect(weather.requests[0]?.searchParams.get('latitude')).toBe('40.5');
    expect(weather.requests[0]?.searchParams.get('longitude')).toBe('-74.25');
  });

  it('refuses coordinates out of range, non-numbers and unknown query fields without calling out', async () => {
    for (const query of ['lat=91', 'lon=-180.5', 'lat=abc', 'lat=1e400', 'city=savannah', `lat=${'1'.repeat(40)}`]) {
      expect((await h.call('GET', `/api/weather?${query}`)).status, query).toBe(400);
    }
    expect(weather.requests).toHaveLength(0);
  });

  it('answers 502 with a detail when the provider fails, times out or is unreachable', async () => {
    weather.reply({ status: 400, body: { error: true, reason: 'bad' } });
    expect(await h.call('GET', '/api/weather')).toEqual({ status: 502, body: { detail: 'Weather provider failed (HTTP 400)' } });
    weather.reply({ status: 200, body: 'nonsense' });
    anHourLater();
    expect((await h.call('GET', '/api/weather')).status).toBe(502);
    weather.reply({ status: 200, body: forecast, delayMs: 600 });
    anHourLater();
    expect(await h.call('GET', '/api/weather')).toEqual({ status: 502, body: { detail: 'Weather provider did not answer in time' } });
    expect(await keyless.call('GET', '/api/weather')).toEqual({ status: 502, body: { detail: 'Weather provider is unreachable' } });
  });
});
