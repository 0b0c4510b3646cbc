import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeJsonProvider, type FakeJsonProvider } from '../support/fake-json-provider.ts';
import { startOperationsHarness, type OperationsHarness } from './operations-harness.ts';

/**
 * Anonymous paths that call a paid provider: answers are shared for a while by every caller (in
 * the database, so by every API process), and each caller address is limited, so a flood spends
 * at most a handful of provider calls.
 */

let tomtom: FakeJsonProvider;
let weather: FakeJsonProvider;
let h: OperationsHarness;
let clock = Date.now();
const later = (ms: number) => {
  clock += ms;
  h.transport.setNow(new Date(clock));
};

const forecast = { latitude: 32.0, longitude: -81.0, current: { temperature_2m: 71.2, weather_code: 3 } };

beforeAll(async () => {
  tomtom = await startFakeJsonProvider();
  weather = await startFakeJsonProvider();
  // The provider answers after 100 ms, so concurrent callers find no stored answer yet.
  tomtom.reply({ status: 200, body: { incidents: [] }, delayMs: 100 });
  weather.reply({ status: 200, body: forecast, delayMs: 100 });
  // The embedded database runs on the event loop the fake providers share: a burst of 200 calls can
  // hold a 100 ms answer past the tests' usual 2 s timeout, which is not what is tested here.
  h = await startOperationsHarness({
    TOMTOM_URL: tomtom.url,
    TOMTOM_API_KEY: 'tt-key',
    WEATHER_URL: weather.url,
    TRUST_PROXY: 'true',
    TRANSPORT_HTTP_TIMEOUT_MS: '10000',
  });
});
afterAll(async () => {
  await h?.close();
  await tomtom?.close();
  await weather?.close();
});
beforeEach(() => {
  // Every test starts after earlier answers and rate windows have lapsed.
  later(60 * 60 * 1000);
  tomtom.requests.length = 0;
  weather.requests.length = 0;
});

const burst = (path: string, count: number, addressOf: (index: number) => string) =>
  Promise.all(
    Array.from({ length: count }, (_, index) => fetch(`${h.transport.url}${path}`, { headers: { 'X-Forwarded-For': addressOf(index) } })),
  );

const statusCounts = (responses: Response[]) =>
  responses.reduce<Record<number, number>>(
    (counts, response) => ({ ...counts, [response.status]: (counts[response.status] ?? 0) + 1 }),
    {},
  );

describe.each([
  { path: '/api/weather', provider: () => weather, perAddress: 30, expected: forecast },
  {
    path: '/api/health/tomtom',
    provider: () => tomtom,
    perAddress: 10,
    expected: { ok: true, status: 200, detail: 'TomTom traffic API reachable' },
  },
])('GET $path', ({ path, provider, perAddress, expected }) => {
  it('200 concurrent calls from 200 addresses make one provider call, and all get its answer', async () => {
    const responses = await burst(path, 200, (index) => `10.1.${Math.floor(index / 250)}.${index % 250}`);

    expect(statusCounts(responses)).toEqual({ 200: 200 });
    for (const response of responses) {
      expect(await response.json()).toEqual(expected);
    }
    expect(provider().requests).toHaveLength(1);
  });

  it(`200 concurrent calls from one address: ${perAddress} answered, the rest 429 with Retry-After, one provider call`, async () => {
    const responses = await burst(path, 200, () => '10.2.0.1');

    expect(statusCounts(responses)).toEqual({ 200: perAddress, 429: 200 - perAddress });
    const refused = responses.find((response) => response.status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused?.json()).toEqual({ detail: 'Too many requests. Please wait before trying again.' });
    expect(provider().requests).toHaveLength(1);
    // A minute later the address may call again.
    later(61 * 1000);
    expect((await burst(path, 1, () => '10.2.0.1'))[0]?.status).toBe(200);
  });

  it('asks the provider again once the stored answer is no longer fresh', async () => {
    await burst(path, 5, (index) => `10.3.0.${index}`);
    expect(provider().requests).toHaveLength(1);
    later(11 * 60 * 1000);
    await burst(path, 5, (index) => `10.3.1.${index}`);
    expect(provider().requests).toHaveLength(2);
  });
});

describe('a failing provider', () => {
  it('is asked once for a burst, and every caller gets its 502', async () => {
    weather.reply({ status: 500, body: { error: true } });
    try {
      const responses = await burst('/api/weather?lat=10&lon=10', 50, (index) => `10.4.0.${index}`);

      expect(statusCounts(responses)).toEqual({ 502: 50 });
      expect(await responses[0]?.json()).toEqual({ detail: 'Weather provider failed (HTTP 500)' });
      expect(weather.requests).toHaveLength(1);
    } finally {
      weather.reply({ status: 200, body: forecast, delayMs: 100 });
    }
  });
});
