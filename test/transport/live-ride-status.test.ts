import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFamily, at, northStops, startLiveHarness, userIdOf } from './live-support.ts';
import type { OperationsHarness } from './operations-harness.ts';

// What a family is told about its stop, on the service's test clock: the schedule, "not started"
// while the bus waits at a depot beyond the first stop, "On the way"/"Running late" from the
// bus's position, "Picked up" only once the bus was seen at the stop, never "passed".

let h: OperationsHarness;
let parent: string;

beforeAll(async () => {
  h = await startLiveHarness();
  parent = h.identity.addUser({ role: 'parent', tenant_id: 'demo', email: 'ray.parent@demo.test' });
  const ray = await addFamily(h.transport.db, { userId: await userIdOf(h, parent), childName: 'Ray', email: 'ray.parent@demo.test' });
  const created = await h.call('POST', '/api/routes', {
    token: h.tokens.demo,
    body: { name: 'Ray Run', bus_id: 'bus-r', mode: 'morning', stops: northStops([[], [ray.childId], []]) },
  });
  expect(created.status).toBe(200);
});
afterAll(async () => {
  h.transport.setNow(null);
  await h?.close();
});

const report = async (iso: string, lat: number, speed = 30) => {
  h.transport.setNow(at(iso));
  expect((await h.call('PUT', '/api/buses/bus-r/location', { token: h.tokens.demo, body: { lat, lng: -81.1, speed } })).status).toBe(200);
};
const rayTrip = async () => (await h.call('GET', '/api/family/trips', { token: parent })).body.trips[0];
const routeEta = async () => (await h.call('GET', '/api/routes/ray-run/eta', { token: h.tokens.demo })).body;

describe('ride status a family can believe', () => {
  it('before the window: the schedule', async () => {
    h.transport.setNow(at('2026-11-20T05:00:00Z'));
    expect((await rayTrip()).status).toEqual({ kind: 'scheduled', time: '07:05', label: 'Scheduled 07:05' });
  });

  it('a bus reporting from beyond the first stop before its run is "not started", and no stop is behind it', async () => {
    // The depot is 1.1 km past the last stop.
    await report('2026-11-20T06:40:00Z', 32.03, 0);
    const trip = await rayTrip();
    expect(trip).toMatchObject({
      in_window: true,
      progress: 'not_started',
      state: 'upcoming',
      status: { kind: 'not_started', label: 'Bus not started · scheduled 07:05' },
    });
    const eta = await routeEta();
    expect(eta).toMatchObject({ progress: 'not_started', basis: 'schedule' });
    expect(eta.stops.map((stop: { state: string }) => stop.state)).toEqual(['upcoming', 'upcoming', 'upcoming']);
  });

  it('a late bus reads "Running late" with its estimate; never earlier than the stop\'s time', async () => {
    await report('2026-11-20T07:08:00Z', 32.0);
    await report('2026-11-20T07:08:25Z', 32.0, 30);
    const trip = await rayTrip();
    // Seen at First from 07:08:00; Second is 1.1 km on at 30 km/h after 30 s there: about 07:11.
    expect(trip).toMatchObject({ progress: 'running', status: { kind: 'running_late' } });
    expect(trip.status.label).toMatch(/^Running late, about 07:1[01]$/);
    expect(trip.minutes_late).toBeGreaterThanOrEqual(5);
  });

  it('driving by is not a pickup; 20 s at the stop is, with the time the bus came', async () => {
    await report('2026-11-20T07:11:00Z', 32.0098);
    await report('2026-11-20T07:11:10Z', 32.011);
    // Beyond Second without having been seen there: not served, not "passed".
    const drivenBy = await rayTrip();
    expect(drivenBy).toMatchObject({ state: 'not_seen', status: { kind: 'not_seen', label: 'Not seen at the stop' } });
    expect(JSON.stringify(drivenBy)).not.toMatch(/passed/i);
    // The next day the bus stops there.
    await report('2026-11-21T07:00:00Z', 32.0);
    await report('2026-11-21T07:00:25Z', 32.0);
    await report('2026-11-21T07:02:00Z', 32.005);
    expect((await rayTrip()).status).toEqual({ kind: 'on_the_way', time: '07:05', label: 'On the way, about 07:05' });
    await report('2026-11-21T07:05:30Z', 32.01);
    expect((await rayTrip()).status.kind).toBe('on_the_way');
    await report('2026-11-21T07:05:55Z', 32.0001 + 0.01);
    expect((await rayTrip()).status).toEqual({ kind: 'picked_up', time: '07:05', label: 'Picked up 07:05' });
    // It stays true after the window.
    h.transport.setNow(at('2026-11-21T09:00:00Z'));
    expect((await rayTrip()).status.label).toBe('Picked up 07:05');
    // Accuracy stays published on the route.
    const route = (await h.call('GET', '/api/routes/ray-run', { token: h.tokens.demo })).body;
    expect(route.eta_accuracy.arrivals).toBeGreaterThanOrEqual(3);
  });

  it('a stop the run ended without is "Not seen at the stop" once the window closed', async () => {
    h.transport.setNow(at('2026-11-22T09:00:00Z'));
    expect((await rayTrip()).status).toEqual({ kind: 'not_seen', time: null, label: 'Not seen at the stop' });
  });
});
