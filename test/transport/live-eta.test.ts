import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFamily, at, northStops, startLiveHarness, userIdOf } from './live-support.ts';
import type { OperationsHarness } from './operations-harness.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

let h: OperationsHarness;
let kim: { childId: string; householdId: string };
let lee: { childId: string; householdId: string };
let acmeChild: { childId: string; householdId: string };
let parentToken: string;

beforeAll(async () => {
  h = await startLiveHarness();
  parentToken = h.identity.addUser({ role: 'parent', tenant_id: 'demo', email: 'kim.parent@demo.test' });
  kim = await addFamily(h.transport.db, { userId: await userIdOf(h, parentToken), childName: 'Kim', email: 'kim.parent@demo.test' });
  lee = await addFamily(h.transport.db, { userId: null, childName: 'Lee', email: 'lee.parent@demo.test' });
  acmeChild = await addFamily(h.transport.db, { tenantId: 'acme', userId: null, childName: 'Ada', email: 'ada@acme.test' });
});
afterAll(async () => {
  await h?.close();
});

const report = async (busId: string, iso: string, lat: number, lng: number, speed: number | null = null) => {
  h.transport.setNow(at(iso));
  const answer = await h.call('PUT', `/api/buses/${busId}/location`, { token: h.tokens.demo, body: { lat, lng, heading: 0, speed } });
  expect(answer.status).toBe(200);
};
const eta = async (routeId: string) => (await h.call('GET', `/api/routes/${routeId}/eta`, { token: h.tokens.demo })).body;

describe('riders on routes', () => {
  it("holds child ids of the tenant; an unknown id or another tenant's child is refused by name", async () => {
    const created = await h.call('POST', '/api/routes', {
      token: h.tokens.demo,
      body: {
        name: 'North Run',
        bus_id: 'bus-9',
        mode: 'morning',
        stops: northStops([[], [lee.childId], [kim.childId, 'Pat (no account)']]),
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.stops[2].riders).toEqual([kim.childId, 'Pat (no account)']);
    expect(created.body.eta_accuracy).toEqual({
      arrivals: 0,
      minutes_10: { arrivals: 0, within_2_minutes: 0, share: null },
      minutes_5: { arrivals: 0, within_2_minutes: 0, share: null },
    });

    const foreign = await h.call('POST', '/api/routes', {
      token: h.tokens.demo,
      body: { name: 'Foreign', stops: [{ name: 'X', riders: [acmeChild.childId] }] },
    });
    expect(foreign).toEqual({ status: 400, body: { detail: `Rider ${acmeChild.childId} is not a child of this tenant.` } });
    const unknown = '11111111-2222-4333-8444-555555555555';
    const patched = await h.call('PUT', '/api/routes/north-run', {
      token: h.tokens.demo,
      body: { stops: [{ name: 'X', riders: [{ child_id: unknown }] }] },
    });
    expect(patched).toEqual({ status: 400, body: { detail: `Rider ${unknown} is not a child of this tenant.` } });
    expect((await h.call('GET', '/api/routes/foreign', { token: h.tokens.demo })).status).toBe(404);
  });

  it('a child rides one stop per trip direction', async () => {
    const twice = await h.call('POST', '/api/routes', {
      token: h.tokens.demo,
      body: {
        name: 'Twice',
        mode: 'afternoon',
        stops: [
          { name: 'A', riders: [kim.childId] },
          { name: 'B', riders: [{ child_id: kim.childId }] },
        ],
      },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toContain(`Kim (${kim.childId}) rides stop 1 and stop 2`);
    const both = await h.call('POST', '/api/routes', {
      token: h.tokens.demo,
      body: { name: 'Both Ways', mode: 'both', stops: [{ name: 'A', riders: [kim.childId] }] },
    });
    expect(both.status).toBe(409);
    expect(both.body.detail).toContain('already rides stop 3 of route North Run (north-run) in the morning');
    // The afternoon is another direction: allowed. Turning it into a morning route is not.
    const afternoon = await h.call('POST', '/api/routes', {
      token: h.tokens.demo,
      body: { name: 'Home Run', mode: 'afternoon', stops: [{ name: 'A', riders: [kim.childId] }] },
    });
    expect(afternoon.status).toBe(200);
    const turned = await h.call('PUT', '/api/routes/home-run', { token: h.tokens.demo, body: { mode: 'morning' } });
    expect(turned.status).toBe(409);
    expect((await h.call('GET', '/api/routes/home-run', { token: h.tokens.demo })).body.mode).toBe('afternoon');
    // Saving the route that already carries the child is not a conflict with itself.
    expect(
      (
        await h.call('PUT', '/api/routes/north-run', {
          token: h.tokens.demo,
          body: { stops: northStops([[], [lee.childId], [kim.childId]]) },
        })
      ).status,
    ).toBe(200);
  });
});

describe('GET /api/routes/{route_id}/eta and arrivals', () => {
  it('follows the schedule before any position', async () => {
    h.transport.setNow(at('2026-11-20T06:50:00Z'));
    const answer = await eta('north-run');
    expect(answer).toMatchObject({
      route_id: 'north-run',
      bus_id: 'bus-9',
      position_at: null,
      date: '2026-11-20',
      direction: 'morning',
      in_window: true,
      basis: 'schedule',
    });
    expect(answer.stops).toEqual([
      { position: 1, name: 'First', time: '07:00', eta: '2026-11-20T07:00:00.000Z', minutes_late: 0, state: 'upcoming' },
      { position: 2, name: 'Second', time: '07:05', eta: '2026-11-20T07:05:00.000Z', minutes_late: 0, state: 'upcoming' },
      { position: 3, name: 'Third', time: '07:10', eta: '2026-11-20T07:10:00.000Z', minutes_late: 0, state: 'upcoming' },
    ]);
  });

  it('a 20 s stay at a stop is an arrival; a drive-by is not; a bus between stops 2 and 3 is estimated at stop 3 from its speed', async () => {
    await report('bus-9', '2026-11-20T07:00:00Z', 32.0, -81.1, 15);
    await report('bus-9', '2026-11-20T07:00:10Z', 32.0, -81.1, 0);
    expect((await eta('north-run')).stops[0].state).toBe('upcoming');
    await report('bus-9', '2026-11-20T07:00:25Z', 32.0001, -81.1, 0);
    // Driving past stop 2: one report 22 m before it, the next 110 m after it.
    await report('bus-9', '2026-11-20T07:03:00Z', 32.0098, -81.1, 30);
    await report('bus-9', '2026-11-20T07:03:10Z', 32.011, -81.1, 30);
    await report('bus-9', '2026-11-20T07:06:00Z', 32.015, -81.1, 30);

    const between = await eta('north-run');
    expect(between).toMatchObject({ basis: 'position', position_at: '2026-11-20T07:06:00.000Z', in_window: true });
    // Stop 2 was driven past, never seen there: not served, and not "passed" either.
    expect(between).toMatchObject({ progress: 'running' });
    expect(between.stops.map((stop: { state: string }) => stop.state)).toEqual(['arrived', 'not_seen', 'upcoming']);
    expect(between.stops[0]).toMatchObject({ eta: '2026-11-20T07:00:00.000Z', minutes_late: 0 });
    expect(between.stops[1]).toMatchObject({ eta: null, minutes_late: null });
    // About 556 m at 30 km/h is a little over a minute, but the bus waits at Third until its 07:10.
    expect(between.stops[2]).toMatchObject({ eta: '2026-11-20T07:10:00.000Z', minutes_late: 0 });

    await report('bus-9', '2026-11-20T07:09:00Z', 32.0199, -81.1, 3);
    await report('bus-9', '2026-11-20T07:09:10Z', 32.02, -81.1, 0);
    await report('bus-9', '2026-11-20T07:09:20Z', 32.0201, -81.1, 0);
    const done = await eta('north-run');
    expect(done.stops.map((stop: { state: string; eta: string | null }) => [stop.state, stop.eta])).toEqual([
      ['arrived', '2026-11-20T07:00:00.000Z'],
      ['not_seen', null],
      ['arrived', '2026-11-20T07:09:00.000Z'],
    ]);
    expect(done.progress).toBe('finished');
    const arrivals = await h.transport.db
      .fork()
      .execute("select stop_position, bus_id from transport_stop_arrival where route_id = 'north-run' order by stop_position");
    expect(arrivals).toEqual([
      { stop_position: 1, bus_id: 'bus-9' },
      { stop_position: 3, bus_id: 'bus-9' },
    ]);
  });

  it('reports on the route how often the estimates 10 and 5 minutes before an arrival were within 2 minutes', async () => {
    // Stop 3 was estimated at its time, 07:10, at 07:00 (the 10-minute horizon) and still at
    // 07:10 at 07:06 (the 5-minute horizon): an early bus waits. The bus came at 07:09:00.
    const snapshots = await h.transport.db
      .fork()
      .execute<{ stop_position: number; horizon_minutes: number; eta: Date }[]>(
        "select stop_position, horizon_minutes, eta from transport_eta_snapshot where route_id = 'north-run' and stop_position = 3 order by horizon_minutes desc",
      );
    expect(snapshots.map((row) => row.horizon_minutes)).toEqual([10, 5]);
    expect(Math.abs(new Date(snapshots[0]!.eta).getTime() - Date.parse('2026-11-20T07:09:00Z'))).toBeLessThan(120_000);
    expect(snapshots.map((row) => new Date(row.eta).toISOString())).toEqual(['2026-11-20T07:10:00.000Z', '2026-11-20T07:10:00.000Z']);
    const route = await h.call('GET', '/api/routes/north-run', { token: h.tokens.demo });
    expect(route.body.eta_accuracy).toEqual({
      arrivals: 2,
      minutes_10: { arrivals: 1, within_2_minutes: 1, share: 1 },
      minutes_5: { arrivals: 1, within_2_minutes: 1, share: 1 },
    });
    // The same figures in the GraphQL reporting, for every route at once.
    const report = await fetch(`${h.transport.url}/graphql`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.tokens.demo}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query:
          '{ routes { id etaAccuracy { arrivals tenMinutes { arrivals within2Minutes share } fiveMinutes { arrivals within2Minutes share } } } }',
      }),
    });
    const routes = ((await report.json()) as { data: { routes: { id: string; etaAccuracy: unknown }[] } }).data.routes;
    expect(routes.find((candidate) => candidate.id === 'north-run')?.etaAccuracy).toEqual({
      arrivals: 2,
      tenMinutes: { arrivals: 1, within2Minutes: 1, share: 1 },
      fiveMinutes: { arrivals: 1, within2Minutes: 1, share: 1 },
    });
    expect(routes.find((candidate) => candidate.id === 'home-run')?.etaAccuracy).toEqual({
      arrivals: 0,
      tenMinutes: { arrivals: 0, within2Minutes: 0, share: null },
      fiveMinutes: { arrivals: 0, within2Minutes: 0, share: null },
    });
  });

  it('answers 404 for an unknown route, 401 and 403 for strangers and parents, and nothing of another tenant', async () => {
    expect((await h.call('GET', '/api/routes/nope/eta', { token: h.tokens.demo })).body).toEqual({ detail: 'Route not found' });
    expect((await h.call('GET', '/api/routes/north-run/eta', { token: h.tokens.acme })).status).toBe(404);
    expect((await h.call('GET', '/api/routes/north-run/eta', {})).status).toBe(401);
    expect((await h.call('GET', '/api/routes/north-run/eta', { token: h.tokens.parent })).status).toBe(403);
  });
});

describe('late notices', () => {
  it('mails the families at a stop once when its estimate slips 10 minutes, and flags it on their trips', async () => {
    // Kim's afternoon stop moves from Home Run to Slow Run.
    expect((await h.call('PUT', '/api/routes/home-run', { token: h.tokens.demo, body: { stops: [] } })).status).toBe(200);
    const route = await h.call('POST', '/api/routes', {
      token: h.tokens.demo,
      body: {
        name: 'Slow Run',
        bus_id: 'bus-slow',
        mode: 'afternoon',
        stops: [
          { name: 'Depot', lat: 33.0, lng: -81.1, time: '15:00' },
          { name: 'Far Corner', address: '9 Far Rd', lat: 33.05, lng: -81.1, time: '15:05', riders: [kim.childId, lee.childId] },
        ],
      },
    });
    expect(route.status).toBe(200);
    // 5.6 km at 10 km/h plus half a minute at the depot: about 34 minutes, so Far Corner is some 29 minutes late.
    await report('bus-slow', '2026-11-20T15:00:00Z', 33.0, -81.1, 10);
    await report('bus-slow', '2026-11-20T15:01:00Z', 33.001, -81.1, 10);
    await report('bus-slow', '2026-11-20T15:02:00Z', 33.002, -81.1, 12);
    const mails = await Promise.all(
      ['kim.parent@demo.test', 'lee.parent@demo.test'].map((to) =>
        h.transport.smtp.waitFor((mail) => mail.to.includes(to) && mail.subject === 'Bus running late at Far Corner'),
      ),
    );
    expect(mails[0]?.text).toContain('running about 29 minutes late');
    // The notices were queued by the reports themselves; once the outbox has sent every one, the
    // sink holds all the mails there will be.
    const outbox = await h.transport.db
      .fork()
      .execute<{ n: number }[]>("select count(*)::int as n from mail_outbox where source = 'transport' and kind = 'late_notice'");
    expect(outbox[0]?.n).toBe(2);
    await waitFor(
      async () => {
        const pending = await h.transport.db
          .fork()
          .execute<{ n: number }[]>(
            "select count(*)::int as n from mail_outbox where source = 'transport' and kind = 'late_notice' and status <> 'sent'",
          );

        return pending[0]?.n === 0;
      },
      20_000,
      'every late notice sent',
    );
    expect(h.transport.smtp.messages.filter((mail) => mail.subject.startsWith('Bus running late'))).toHaveLength(2);
    const notices = await h.transport.db
      .fork()
      .execute("select route_id, direction, stop_position, minutes_late from transport_late_notice where route_id = 'slow-run'");
    expect(notices).toEqual([{ route_id: 'slow-run', direction: 'afternoon', stop_position: 2, minutes_late: 29 }]);

    h.transport.setNow(at('2026-11-20T15:03:00Z'));
    const trips = (await h.call('GET', '/api/family/trips', { token: parentToken })).body;
    const slow = trips.trips.find((trip: { route: { id: string } }) => trip.route.id === 'slow-run');
    expect(slow).toMatchObject({
      child_name: 'Kim',
      late_notice: { minutes_late: 29, eta: expect.any(String), notified_at: '2026-11-20T15:00:00.000Z' },
    });
    // The other trip of the day has none.
    expect(trips.trips.find((trip: { route: { id: string } }) => trip.route.id === 'north-run').late_notice).toBeNull();
  });
});
