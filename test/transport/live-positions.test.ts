import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';
import { openEventStream, startLiveHarness, type EventStreamClient } from './live-support.ts';
import type { OperationsHarness } from './operations-harness.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
/**
 * TRANSPORT_LIVE_WINDOW_MS here: five times the default, so ten reports in a row fall into fewer
 * windows than reports even on a busy machine (the window itself is stepped on a fake clock in
 * apps/api/src/transport/live/live-hub.test.ts).
 */
const WINDOW_MS = 500;

let h: OperationsHarness;
const open: EventStreamClient[] = [];
const watch = async (path: string, token?: string, headers?: Record<string, string>, baseUrl = h.transport.url) => {
  const client = await openEventStream(baseUrl, path, { token, headers });
  open.push(client);

  return client;
};

beforeAll(async () => {
  h = await startLiveHarness({ TRANSPORT_LIVE_WINDOW_MS: String(WINDOW_MS) });
});
afterAll(async () => {
  open.forEach((client) => client.close());
  await h?.close();
});

const put = (busId: string, body: Record<string, unknown>, token = h.tokens.demo) =>
  h.call('PUT', `/api/buses/${busId}/location`, { token, body });

describe('GET /api/buses/live', () => {
  it('opens with the latest position of every bus of the tenant, then streams each report within a second', async () => {
    await put('bus-1', { lat: 32.0, lng: -81.1, heading: 0, speed: 20 });
    await put('bus-2', { lat: 32.1, lng: -81.2 });
    const viewer = await watch('/api/buses/live', h.tokens.demo);
    expect(viewer.status).toBe(200);
    expect(viewer.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(viewer.headers['cache-control']).toBe('private, no-store');
    const first = await viewer.next((event) => event.data.bus_id === 'bus-2');
    expect(viewer.events.map((event) => event.data.bus_id).sort()).toEqual(['bus-1', 'bus-2']);
    expect(first).toMatchObject({ event: 'location', data: { bus_id: 'bus-2', lat: 32.1, lng: -81.2, heading: null, speed: null } });
    expect(first.id).toBe(String(Date.parse(first.data.last_update)));

    // Streamed as it happens: the report's event arrives on the open stream (no reconnect, no poll).
    expect((await put('bus-1', { lat: 32.005, lng: -81.1, heading: 10, speed: 30 })).status).toBe(200);
    const moved = await viewer.next((event) => event.data.bus_id === 'bus-1' && event.data.lat === 32.005);
    expect(moved.data).toMatchObject({ bus_id: 'bus-1', lat: 32.005, lng: -81.1, heading: 10, speed: 30 });
    // A tracker registering itself shows up too.
    await put('bus-new', { lat: 32.2, lng: -81.3 });
    await viewer.next((event) => event.data.bus_id === 'bus-new');
  });

  it('sends a bus reporting several times inside one window as its latest position, within a second', async () => {
    const viewer = await watch('/api/buses/live', h.tokens.demo);
    await viewer.next((event) => event.data.bus_id === 'bus-1');
    const lats = Array.from({ length: 10 }, (_, index) => 32.3 + index / 1000);
    for (const lat of lats) {
      expect((await put('bus-1', { lat, lng: -81.1, speed: 20 })).status).toBe(200);
    }
    await viewer.next((event) => event.data.bus_id === 'bus-1' && event.data.lat === lats[lats.length - 1]);
    // Nothing of the ten is still to come: the stream has written everything it had gathered.
    await viewer.settled();
    const heard = viewer.events
      .filter((event) => event.data.bus_id === 'bus-1' && lats.includes(event.data.lat as number))
      .map((event) => event.data.lat as number);
    // Positions gather for WINDOW_MS per viewer: the ten reports came in a few windows, one event each.
    expect(heard.length).toBeLessThan(lats.length);
    // Oldest to newest, the last one last.
    expect(heard).toEqual([...heard].sort((left, right) => left - right));
    expect(heard[heard.length - 1]).toBe(lats[lats.length - 1]);
  });

  it('keeps a quiet stream alive with comments', async () => {
    const viewer = await watch('/api/buses/live', h.tokens.demo);
    await viewer.settled();
    expect(viewer.comments).toContain('keep-alive');
  });

  it('on reconnect with Last-Event-ID sends only the buses that moved since', async () => {
    const viewer = await watch('/api/buses/live', h.tokens.demo);
    const seen = await viewer.next((event) => event.data.bus_id === 'bus-new');
    const lastId = viewer.events.reduce((max, event) => Math.max(max, Number(event.id)), 0);
    viewer.close();
    await put('bus-2', { lat: 32.11, lng: -81.2 });
    const again = await watch('/api/buses/live', h.tokens.demo, { 'Last-Event-ID': String(lastId) });
    await again.next((event) => event.data.bus_id === 'bus-2' && event.data.lat === 32.11);
    await again.settled();
    expect(again.events.map((event) => event.data.bus_id)).toEqual(['bus-2']);
    expect(seen.event).toBe('location');
  });

  it("never shows another tenant's buses", async () => {
    const acme = await watch('/api/buses/live', h.tokens.acme);
    expect(acme.status).toBe(200);
    await put('acme-bus', { lat: 40, lng: -75 }, h.tokens.acme);
    await acme.next((event) => event.data.bus_id === 'acme-bus');
    await put('bus-1', { lat: 32.006, lng: -81.1 });
    await acme.settled();
    expect(acme.events.map((event) => event.data.bus_id)).toEqual(['acme-bus']);
    // The demo operator naming acme in the path still gets the demo tenant (the user's tenant wins).
    const hinted = await watch('/acme/api/buses/live', h.tokens.demo);
    await hinted.next((event) => event.data.bus_id === 'bus-1');
    expect(hinted.events.map((event) => event.data.bus_id)).not.toContain('acme-bus');
  });

  it('lets go of a stream when its viewer leaves', async () => {
    open.splice(0).forEach((client) => client.close());
    const viewer = await watch('/api/buses/live', h.tokens.demo);
    await viewer.next((event) => event.event === 'location');
    expect(h.transport.liveListeners()).toBe(1);
    viewer.close();
    await waitFor(() => h.transport.liveListeners() === 0, 10_000, 'the stream let go');
    expect(h.transport.liveListeners()).toBe(0);
  });

  it('treats a Last-Event-ID after now (past year 9999 too) as none: every bus with a position is sent', async () => {
    for (const lastEventId of ['253402300800000', '999999999999999', String(Date.now() + 3_600_000)]) {
      const viewer = await watch('/api/buses/live', h.tokens.demo, { 'Last-Event-ID': lastEventId });
      expect(viewer.status).toBe(200);
      await viewer.next((event) => event.event === 'location' && event.data.bus_id === 'bus-1');
      await viewer.next((event) => event.event === 'location' && event.data.bus_id === 'bus-2');
      viewer.close();
    }
  });

  it('refuses strangers, parents and query parameters with the service envelope', async () => {
    const anonymous = await watch('/api/buses/live');
    expect([anonymous.status, anonymous.body]).toEqual([401, { detail: 'Invalid token' }]);
    const parent = await watch('/api/buses/live', h.tokens.parent);
    expect([parent.status, parent.body]).toEqual([403, { detail: 'Forbidden' }]);
    expect((await watch('/api/buses/live?x=1', h.tokens.demo)).status).toBe(400);
    expect((await h.call('POST', '/api/buses/live', { token: h.tokens.demo })).status).toBe(404);
  });
});

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL database', () => {
  let second: TestTransport;
  beforeAll(async () => {
    second = await startTestTransport(
      { IDENTITY_URL: h.identity.url, TRANSPORT_LIVE_KEEPALIVE_MS: '200' },
      { database: h.transport.database },
    );
  });
  afterAll(async () => {
    await second?.close();
  });

  it('a viewer on one hears a report made on the other within a second, and only its own tenant', async () => {
    const viewer = await watch('/api/buses/live', h.tokens.demo, {}, second.url);
    const acmeViewer = await watch('/api/buses/live', h.tokens.acme, {}, second.url);
    await viewer.next((event) => event.data.bus_id === 'bus-1');
    expect((await put('bus-1', { lat: 32.0077, lng: -81.1, speed: 25 })).status).toBe(200);
    await viewer.next((event) => event.data.lat === 32.0077);
    // And the other way round: a report on the second reaches a viewer of the first.
    const firstViewer = await watch('/api/buses/live', h.tokens.demo);
    const back = await fetch(`${second.url}/api/buses/bus-2/location`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${h.tokens.demo}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ lat: 32.1234, lng: -81.2 }),
    });
    expect(back.status).toBe(200);
    await firstViewer.next((event) => event.data.lat === 32.1234);
    // Once the demo viewer beside it has the report and the acme viewer's stream has written all it
    // had gathered since, a leaked bus would be in the acme viewer's events.
    await viewer.next((event) => event.data.lat === 32.1234);
    await acmeViewer.settled();
    expect(acmeViewer.events.filter((event) => event.data.bus_id?.startsWith('bus-'))).toEqual([]);
  });

  it('a lost listening connection is opened again, and what was reported meanwhile is read from the table', async () => {
    const viewer = await watch('/api/buses/live', h.tokens.demo, {}, second.url);
    await viewer.next((event) => event.data.bus_id === 'bus-1');
    const em = h.transport.db.fork();
    const cut = await em.execute<{ cut: boolean }[]>(
      "select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = current_database() and query = 'listen transport_bus_position'",
    );
    expect(cut.length).toBe(2);
    // Reported while no process listens: no notification reaches anyone; the reconnect reads it.
    expect((await put('bus-1', { lat: 32.0088, lng: -81.1 })).status).toBe(200);
    await viewer.next((event) => event.data.lat === 32.0088);
    expect(second.logLines.some((line) => line.includes('live position listener connected again'))).toBe(true);
    // And notifications flow again (the line above is written once the listener listens again).
    expect((await put('bus-1', { lat: 32.0099, lng: -81.1 })).status).toBe(200);
    await viewer.next((event) => event.data.lat === 32.0099);
  });
});
