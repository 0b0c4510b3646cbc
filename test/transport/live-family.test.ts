import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFamily, at, northStops, openEventStream, startLiveHarness, userIdOf, type EventStreamClient } from './live-support.ts';
import type { OperationsHarness } from './operations-harness.ts';

let h: OperationsHarness;
let kimParent: string;
let leeParent: string;
let pendingParent: string;
let kim: { childId: string; householdId: string };
const open: EventStreamClient[] = [];
const watch = async (token?: string) => {
  const client = await openEventStream(h.transport.url, '/api/family/live', { token });
  open.push(client);

  return client;
};
/** The demo operator's stream of every bus: a report on it has reached this process's feed. */
const operatorView = async () => {
  const client = await openEventStream(h.transport.url, '/api/buses/live', { token: h.tokens.demo });
  open.push(client);

  return client;
};
const put = (busId: string, lat: number, lng: number, token = h.tokens.demo) =>
  h.call('PUT', `/api/buses/${busId}/location`, { token, body: { lat, lng, speed: 20 } });

beforeAll(async () => {
  h = await startLiveHarness();
  kimParent = h.identity.addUser({ role: 'parent', tenant_id: 'demo', email: 'kim.parent@demo.test' });
  leeParent = h.identity.addUser({ role: 'parent', tenant_id: 'demo', email: 'lee.parent@demo.test' });
  pendingParent = h.identity.addUser({ role: 'parent', tenant_id: 'demo', email: 'pending@demo.test' });
  kim = await addFamily(h.transport.db, { userId: await userIdOf(h, kimParent), childName: 'Kim', email: 'kim.parent@demo.test' });
  const lee = await addFamily(h.transport.db, { userId: await userIdOf(h, leeParent), childName: 'Lee', email: 'lee.parent@demo.test' });
  const pending = await addFamily(h.transport.db, {
    userId: await userIdOf(h, pendingParent),
    childName: 'Pip',
    email: 'pending@demo.test',
    status: 'pending',
  });
  const create = async (body: Record<string, unknown>, token = h.tokens.demo) =>
    expect((await h.call('POST', '/api/routes', { token, body })).status).toBe(200);
  await create({ name: 'Kim Run', bus_id: 'bus-k', mode: 'morning', stops: northStops([[], [kim.childId, pending.childId], []]) });
  await create({ name: 'Lee Run', bus_id: 'bus-l', mode: 'morning', stops: northStops([[lee.childId], [], []]) });
  // A draft route runs no trips: the child's stop on it is not shown.
  await create({ name: 'Kim Draft', bus_id: 'bus-d', mode: 'afternoon', status: 'draft', stops: northStops([[kim.childId], [], []]) });
  // Acme has a bus of the same id: never the family's.
  await create({ name: 'Acme Run', bus_id: 'bus-k', mode: 'morning', stops: northStops() }, h.tokens.acme);
});
afterAll(async () => {
  open.forEach((client) => client.close());
  h.transport.setNow(null);
  await h?.close();
});

describe('GET /api/family/trips', () => {
  it('outside the trip window: route, stop and time, no bus and no eta', async () => {
    h.transport.setNow(at('2026-11-20T05:00:00Z'));
    await put('bus-k', 32.0, -81.1);
    const answer = await h.call('GET', '/api/family/trips', { token: kimParent });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      date: '2026-11-20',
      time_zone: 'UTC',
      trips: [
        {
          child_id: kim.childId,
          child_name: 'Kim',
          household_id: kim.householdId,
          route: { id: 'kim-run', name: 'Kim Run', mode: 'morning', bus_id: 'bus-k' },
          direction: 'morning',
          headline: 'Morning pickup 07:05 at Second',
          stop: { position: 2, name: 'Second', address: '2 Second St', lat: 32.01, lng: -81.1 },
          scheduled_time: '07:05',
          window: { opens_at: '2026-11-20T06:00:00.000Z', closes_at: '2026-11-20T07:40:00.000Z' },
          in_window: false,
          bus: null,
          eta: null,
          minutes_late: null,
          state: null,
          progress: 'scheduled',
          status: { kind: 'scheduled', time: '07:05', label: 'Scheduled 07:05' },
          late_notice: null,
        },
      ],
    });
  });

  it("inside the window: the bus position and the stop's eta", async () => {
    h.transport.setNow(at('2026-11-20T06:58:00Z'));
    await put('bus-k', 32.0, -81.1);
    const trip = (await h.call('GET', '/api/family/trips', { token: kimParent })).body.trips[0];
    expect(trip).toMatchObject({
      in_window: true,
      state: 'upcoming',
      bus: { bus_id: 'bus-k', lat: 32.0, lng: -81.1, speed: 20, last_update: '2026-11-20T06:58:00.000Z' },
    });
    // 1.1 km at 20 km/h after the first stop's 07:00: about 07:03:50, but the bus waits at Second until 07:05.
    expect(trip).toMatchObject({
      eta: '2026-11-20T07:05:00.000Z',
      minutes_late: 0,
      progress: 'running',
      status: { kind: 'on_the_way', label: 'On the way, about 07:05' },
    });
  });

  it('shows nothing of pending households or other families, and refuses strangers and accounts without a role', async () => {
    expect((await h.call('GET', '/api/family/trips', { token: pendingParent })).body.trips).toEqual([]);
    const lee = (await h.call('GET', '/api/family/trips', { token: leeParent })).body.trips;
    expect(lee.map((trip: { child_name: string; route: { id: string } }) => [trip.child_name, trip.route.id])).toEqual([
      ['Lee', 'lee-run'],
    ]);
    expect((await h.call('GET', '/api/family/trips', { token: h.tokens.acme })).body.trips).toEqual([]);
    expect((await h.call('GET', '/api/family/trips', {})).body).toEqual({ detail: 'Invalid token' });
    const roleless = h.identity.addUser({ tenant_id: 'demo' });
    expect((await h.call('GET', '/api/family/trips', { token: roleless })).status).toBe(403);
  });
});

describe('GET /api/family/live', () => {
  it("inside the window streams the children's bus only, and writes who watched to the tenant's audit log", async () => {
    h.transport.setNow(at('2026-11-20T07:00:00Z'));
    const kimView = await watch(kimParent);
    const leeView = await watch(leeParent);
    expect(kimView.status).toBe(200);
    const window = await kimView.next((event) => event.event === 'window');
    expect(window.data).toEqual({
      buses: ['bus-k'],
      windows: [
        {
          route_id: 'kim-run',
          direction: 'morning',
          bus_id: 'bus-k',
          opens_at: '2026-11-20T06:00:00.000Z',
          closes_at: '2026-11-20T07:40:00.000Z',
          open: true,
        },
      ],
    });
    // The last report (06:58) is inside the window: sent on opening.
    await kimView.next((event) => event.event === 'location' && event.data.last_update === '2026-11-20T06:58:00.000Z');

    // Streamed as it happens: the report's event arrives on the open stream.
    await put('bus-k', 32.003, -81.1);
    await kimView.next((event) => event.event === 'location' && event.data.lat === 32.003);
    await put('bus-l', 32.0, -81.1);
    await put('bus-k', 40, -75, h.tokens.acme);
    await leeView.next((event) => event.event === 'location' && event.data.bus_id === 'bus-l');
    await Promise.all([kimView.settled(), leeView.settled()]);
    expect(kimView.events.filter((event) => event.event === 'location').map((event) => [event.data.bus_id, event.data.lat])).toEqual([
      ['bus-k', 32.0],
      ['bus-k', 32.003],
    ]);
    expect(leeView.events.filter((event) => event.event === 'location').map((event) => event.data.bus_id)).toEqual(['bus-l']);

    const logs = await h.call('GET', '/api/tenants/demo/logs', { token: h.tokens.demo });
    const watched = logs.body.filter((row: { action: string }) => row.action === 'live.watch');
    expect(watched).toHaveLength(2);
    expect(watched).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor: 'kim.parent@demo.test',
          resource: 'bus:bus-k',
          details: { bus_ids: ['bus-k'], route_ids: ['kim-run'], open_windows: ['kim-run'] },
        }),
        expect.objectContaining({ actor: 'lee.parent@demo.test', resource: 'bus:bus-l' }),
      ]),
    );
    // The family reads its own row in the tenant log.
    const own = await h.call('GET', '/api/tenants/demo/logs', { token: kimParent });
    expect(own.body.map((row: { action: string }) => row.action)).toContain('live.watch');
  });

  it('outside the window sends no position, only keep-alives', async () => {
    h.transport.setNow(at('2026-11-20T08:00:00Z'));
    const late = await watch(kimParent);
    const window = await late.next((event) => event.event === 'window');
    expect(window.data.windows[0].open).toBe(false);
    const operator = await operatorView();
    await put('bus-k', 32.02, -81.1);
    await operator.next((event) => event.data.lat === 32.02);
    await late.settled();
    expect(late.events.filter((event) => event.event === 'location')).toEqual([]);
    expect(late.comments).toContain('keep-alive');
  });

  it("another tenant's operator and a parent of another route hear nothing of the bus", async () => {
    h.transport.setNow(at('2026-11-20T07:10:00Z'));
    const acme = await watch(h.tokens.acme);
    const lee = await watch(leeParent);
    expect((await acme.next((event) => event.event === 'window')).data).toEqual({ buses: [], windows: [] });
    await lee.next((event) => event.event === 'window');
    // Kim's parent, whose bus it is, hears it: the report has gone through this process's feed.
    const kimView = await watch(kimParent);
    await kimView.next((event) => event.event === 'window');
    await put('bus-k', 32.021, -81.1);
    await kimView.next((event) => event.event === 'location' && event.data.lat === 32.021);
    await Promise.all([acme.settled(), lee.settled()]);
    expect(acme.events.filter((event) => event.event === 'location')).toEqual([]);
    expect(lee.events.filter((event) => event.event === 'location' && event.data.bus_id === 'bus-k')).toEqual([]);
  });

  it('writes one live.watch row per account and trip, however often and however concurrently the stream is reopened', async () => {
    h.transport.setNow(at('2026-11-20T07:20:00Z'));
    const kimWatchRows = async () => {
      const logs = await h.call('GET', '/api/tenants/demo/logs?action=live.watch', { token: h.tokens.demo });
      expect(logs.status).toBe(200);

      return logs.body.filter(
        (row: { actor: string; details: { open_windows: string[] } }) =>
          row.actor === 'kim.parent@demo.test' && row.details.open_windows.join() === 'kim-run',
      );
    };
    const together = await Promise.all(Array.from({ length: 4 }, () => watch(kimParent)));
    for (let again = 0; again < 3; again++) {
      const view = await watch(kimParent);
      expect(view.status).toBe(200);
      view.close();
    }
    expect(together.map((view) => view.status)).toEqual([200, 200, 200, 200]);
    together.forEach((view) => view.close());
    expect(await kimWatchRows()).toHaveLength(1);
    // Another trip of the same account (outside every window the next day) is an occasion of its own.
    h.transport.setNow(at('2026-11-21T12:00:00Z'));
    const nextDay = await watch(kimParent);
    expect(nextDay.status).toBe(200);
    const logs = await h.call('GET', '/api/tenants/demo/logs?action=live.watch', { token: h.tokens.demo });
    expect(
      logs.body.filter(
        (row: { actor: string; created_at: string }) => row.actor === 'kim.parent@demo.test' && row.created_at.startsWith('2026-11-21'),
      ),
    ).toHaveLength(1);
  });

  it('answers 429 with Retry-After once an account has opened the stream 30 times in ten minutes, writing nothing more; other accounts still open it', async () => {
    h.transport.setNow(at('2026-11-20T07:25:00Z'));
    const looper = h.identity.addUser({ role: 'parent', tenant_id: 'demo', email: 'looper@demo.test' });
    for (let opening = 0; opening < 30; opening++) {
      const view = await watch(looper);
      expect(view.status).toBe(200);
      view.close();
    }
    const refused = await watch(looper);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toEqual({ detail: expect.any(String) });
    const logs = await h.call('GET', '/api/tenants/demo/logs?action=live.watch', { token: h.tokens.demo });
    expect(logs.body.filter((row: { actor: string }) => row.actor === 'looper@demo.test')).toHaveLength(1);
    expect((await watch(leeParent)).status).toBe(200);
    // The window ends: the account may open it again.
    h.transport.setNow(at('2026-11-20T07:36:00Z'));
    expect((await watch(looper)).status).toBe(200);
  });

  it('treats a Last-Event-ID after now (past year 9999 too) as none: the latest position inside the window is sent', async () => {
    h.transport.setNow(at('2026-11-20T07:30:00Z'));
    for (const lastEventId of ['253402300800000', '999999999999999', String(Date.parse('2026-11-20T07:31:00Z'))]) {
      const view = await openEventStream(h.transport.url, '/api/family/live', {
        token: kimParent,
        headers: { 'Last-Event-ID': lastEventId },
      });
      open.push(view);
      expect(view.status).toBe(200);
      await view.next((event) => event.event === 'location' && event.data.bus_id === 'bus-k');
      view.close();
    }
  });

  it('refuses strangers and accounts without a role in the service envelope', async () => {
    const anonymous = await watch();
    expect([anonymous.status, anonymous.body]).toEqual([401, { detail: 'Invalid token' }]);
    const roleless = await watch(h.identity.addUser({ tenant_id: 'demo' }));
    expect([roleless.status, roleless.body]).toEqual([403, { detail: 'Forbidden' }]);
  });
});
