import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFamily, at, startLiveHarness, userIdOf } from './live-support.ts';
import type { OperationsHarness } from './operations-harness.ts';

/**
 * A tenant in America/New_York (Savannah's clock): stop times are read as local wall-clock times.
 * In November the zone is EST, UTC-5, so 07:15 local is 12:15 UTC.
 */
let h: OperationsHarness;
let parentToken: string;
let kim: { childId: string; householdId: string };

const report = async (iso: string, lat: number, lng: number, speed = 20) => {
  h.transport.setNow(at(iso));
  expect((await h.call('PUT', '/api/buses/bus-ny/location', { token: h.tokens.demo, body: { lat, lng, heading: 0, speed } })).status).toBe(
    200,
  );
};
const eta = async () => (await h.call('GET', '/api/routes/local-run/eta', { token: h.tokens.demo })).body;

beforeAll(async () => {
  h = await startLiveHarness();
  expect(
    (await h.call('PUT', '/api/tenant/settings/time-zone', { token: h.tokens.demo, body: { time_zone: 'America/New_York' } })).status,
  ).toBe(200);
  parentToken = h.identity.addUser({ role: 'parent', tenant_id: 'demo', email: 'kim.parent@demo.test' });
  kim = await addFamily(h.transport.db, { userId: await userIdOf(h, parentToken), childName: 'Kim', email: 'kim.parent@demo.test' });
  const created = await h.call('POST', '/api/routes', {
    token: h.tokens.demo,
    body: {
      name: 'Local Run',
      bus_id: 'bus-ny',
      mode: 'morning',
      stops: [
        { name: 'First', lat: 32.0, lng: -81.1, time: '07:15' },
        { name: 'Second', address: '2 Second St', lat: 32.01, lng: -81.1, time: '07:20', riders: [kim.childId] },
        { name: 'Third', lat: 32.02, lng: -81.1, time: '07:25' },
      ],
    },
  });
  expect(created.status).toBe(200);
});
afterAll(async () => {
  h.transport.setNow(null);
  await h?.close();
});

describe("live buses on the tenant's clock", () => {
  it('at 07:20 UTC (02:20 local) the 07:15 trip has not opened: the schedule, as UTC instants of the local times', async () => {
    await report('2026-11-24T07:20:00Z', 32.0, -81.1);
    const answer = await eta();
    expect(answer).toMatchObject({
      date: '2026-11-24',
      time_zone: 'America/New_York',
      in_window: false,
      basis: 'schedule',
      position_at: null,
    });
    expect(answer.stops.map((stop: { time: string; eta: string }) => [stop.time, stop.eta])).toEqual([
      ['07:15', '2026-11-24T12:15:00.000Z'],
      ['07:20', '2026-11-24T12:20:00.000Z'],
      ['07:25', '2026-11-24T12:25:00.000Z'],
    ]);
    // Nothing of a trip was recorded for a report outside the window.
    expect(await h.count('transport_bus_near_stop', 'demo')).toBe(0);
  });

  it('at 11:20 UTC (06:20 local) the trip runs: estimates from the position, minutes late against local times, arrivals dated the local day', async () => {
    await report('2026-11-24T11:20:00Z', 32.0, -81.1);
    await report('2026-11-24T11:20:30Z', 32.0, -81.1);
    const answer = await eta();
    expect(answer).toMatchObject({
      date: '2026-11-24',
      time_zone: 'America/New_York',
      in_window: true,
      basis: 'position',
      position_at: '2026-11-24T11:20:30.000Z',
    });
    expect(answer.stops[0]).toMatchObject({ time: '07:15', state: 'arrived', eta: '2026-11-24T11:20:00.000Z', minutes_late: -55 });
    // Second stop 1.1 km on at 20 km/h: about 11:24 UTC, but the bus waits there until its 07:20 local (12:20 UTC).
    expect(answer.stops[1]).toMatchObject({ eta: '2026-11-24T12:20:00.000Z', minutes_late: 0, state: 'upcoming' });
    const arrivals = await h.transport.db
      .fork()
      .execute<{ trip_date: string; scheduled_at: Date }[]>(
        "select to_char(trip_date, 'YYYY-MM-DD') as trip_date, scheduled_at from transport_stop_arrival where route_id = 'local-run'",
      );
    expect(arrivals.map((row) => [row.trip_date, new Date(row.scheduled_at).toISOString()])).toEqual([
      ['2026-11-24', '2026-11-24T12:15:00.000Z'],
    ]);
    const snapshots = await h.transport.db
      .fork()
      .execute<{ trip_date: string }[]>(
        "select distinct to_char(trip_date, 'YYYY-MM-DD') as trip_date from transport_eta_snapshot where route_id = 'local-run'",
      );
    expect(snapshots.every((row) => row.trip_date === '2026-11-24')).toBe(true);
  });

  it('a late notice is keyed by the local day and tells the family local times, naming the zone', async () => {
    // Still at the first stop at 12:30 UTC (07:30 local): the second stop (07:20 local) is some 14 minutes late.
    await report('2026-11-24T12:30:00Z', 32.0, -81.1, 10);
    const mail = await h.transport.smtp.waitFor(
      (message) => message.to.includes('kim.parent@demo.test') && message.subject === 'Bus running late at Second',
    );
    expect(mail.text).toContain('America/New_York');
    expect(mail.text).toContain('scheduled 07:20');
    expect(mail.text).toMatch(/around 07:(3|4)\d/);
    expect(mail.text).not.toContain('UTC');
    const notices = await h.transport.db
      .fork()
      .execute<{ trip_date: string; scheduled_at: Date }[]>(
        "select to_char(trip_date, 'YYYY-MM-DD') as trip_date, scheduled_at from transport_late_notice where route_id = 'local-run' order by stop_position",
      );
    // Both stops still ahead slipped; only the second has riders to mail.
    expect(notices.map((row) => [row.trip_date, new Date(row.scheduled_at).toISOString()])).toEqual([
      ['2026-11-24', '2026-11-24T12:20:00.000Z'],
      ['2026-11-24', '2026-11-24T12:25:00.000Z'],
    ]);
    const outbox = await h.transport.db
      .fork()
      .execute<{ reference: string }[]>("select reference from mail_outbox where kind = 'late_notice'");
    expect(outbox.map((row) => row.reference)).toEqual(['demo/local-run/2026-11-24/morning/2']);
  });

  it("the family's trips are the local day's: near midnight UTC it is still the evening before in Savannah", async () => {
    h.transport.setNow(at('2026-11-25T03:30:00Z'));
    const answer = (await h.call('GET', '/api/family/trips', { token: parentToken })).body;
    expect(answer).toMatchObject({ date: '2026-11-24', time_zone: 'America/New_York' });
    expect(answer.trips[0]).toMatchObject({
      child_id: kim.childId,
      scheduled_time: '07:20',
      window: { opens_at: '2026-11-24T11:15:00.000Z', closes_at: '2026-11-24T12:55:00.000Z' },
      in_window: false,
      late_notice: { minutes_late: expect.any(Number) },
    });
    // Just after local midnight the next day's trip is shown, its window on that day's local times.
    h.transport.setNow(at('2026-11-25T05:10:00Z'));
    const next = (await h.call('GET', '/api/family/trips', { token: parentToken })).body;
    expect(next.date).toBe('2026-11-25');
    expect(next.trips[0]).toMatchObject({ window: { opens_at: '2026-11-25T11:15:00.000Z' }, late_notice: null });
  });

  it('inside the window in winter the family sees the bus at 11:20 UTC, and not at 07:20 UTC', async () => {
    await report('2026-11-26T07:20:00Z', 32.0, -81.1);
    expect((await h.call('GET', '/api/family/trips', { token: parentToken })).body.trips[0]).toMatchObject({
      in_window: false,
      bus: null,
      eta: null,
    });
    await report('2026-11-26T11:20:00Z', 32.0, -81.1);
    const trip = (await h.call('GET', '/api/family/trips', { token: parentToken })).body.trips[0];
    expect(trip).toMatchObject({ in_window: true, state: 'upcoming', bus: { bus_id: 'bus-ny', last_update: '2026-11-26T11:20:00.000Z' } });
    // An early bus is due at the stop's time, read on the tenant's clock.
    expect(trip).toMatchObject({
      eta: '2026-11-26T12:20:00.000Z',
      minutes_late: 0,
      status: { kind: 'on_the_way', time: '07:20', label: 'On the way, about 07:20' },
    });
  });
});
