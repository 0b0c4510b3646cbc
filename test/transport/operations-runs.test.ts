import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFamily, at, startLiveHarness, userIdOf } from './live-support.ts';
import type { OperationsHarness } from './operations-harness.ts';

// Two runs a day: a morning and an afternoon timetable over one route's stops.

let h: OperationsHarness;
let parent: string;
let kim: { childId: string; householdId: string };
let lee: { childId: string; householdId: string };

const stops = [
  { name: 'Oak & 5th', address: '5 Oak St', lat: 32.0, lng: -81.1 },
  { name: 'Elm Corner', address: '9 Elm St', lat: 32.01, lng: -81.1 },
  { name: 'Hill School', address: '1 Hill Rd', lat: 32.02, lng: -81.1 },
];
const twoRuns = () => ({
  morning: {
    stops: [
      { stop: 1, time: '07:40', riders: [kim.childId] },
      { stop: 2, time: '07:50' },
      { stop: 3, time: '08:05' },
    ],
  },
  afternoon: {
    stops: [
      { stop: 3, time: '15:00' },
      { stop: 2, time: '15:15' },
      { stop: 1, time: '15:25', riders: [kim.childId] },
    ],
  },
});
const route = async (id: string) => (await h.call('GET', `/api/routes/${id}`, { token: h.tokens.demo })).body;
const auditRows = async (action: string, resource: string) =>
  h.transport.db
    .fork()
    .execute<{ details: any }[]>(
      'select details from transport_audit_log where tenant_id = ? and action = ? and resource = ? order by created_at, id',
      ['demo', action, resource],
    );

beforeAll(async () => {
  h = await startLiveHarness();
  parent = h.identity.addUser({ role: 'parent', tenant_id: 'demo', email: 'kim.parent@demo.test' });
  kim = await addFamily(h.transport.db, { userId: await userIdOf(h, parent), childName: 'Kim', email: 'kim.parent@demo.test' });
  lee = await addFamily(h.transport.db, { userId: null, childName: 'Lee', email: 'lee.parent@demo.test' });
});
afterAll(async () => {
  h.transport.setNow(null);
  await h?.close();
});

describe('a route with a morning and an afternoon run', () => {
  it('stores each run in its order with its times and riders; the stops answer as before', async () => {
    const created = await h.call('POST', '/api/routes', {
      token: h.tokens.demo,
      body: { name: 'Hill Loop', bus_id: 'bus-h', mode: 'both', stops, runs: twoRuns() },
    });
    expect(created.status).toBe(200);
    expect(created.body.runs).toEqual([
      {
        direction: 'morning',
        stops: [
          { stop: 1, name: 'Oak & 5th', time: '07:40', riders: [kim.childId] },
          { stop: 2, name: 'Elm Corner', time: '07:50', riders: [] },
          { stop: 3, name: 'Hill School', time: '08:05', riders: [] },
        ],
      },
      {
        direction: 'afternoon',
        stops: [
          { stop: 3, name: 'Hill School', time: '15:00', riders: [] },
          { stop: 2, name: 'Elm Corner', time: '15:15', riders: [] },
          { stop: 1, name: 'Oak & 5th', time: '15:25', riders: [kim.childId] },
        ],
      },
    ]);
    // The spec's stop fields: the first run's time, the riders of every run once.
    expect(created.body.stops.map((stop: { time: string; riders: unknown[] }) => [stop.time, stop.riders])).toEqual([
      ['07:40', [kim.childId]],
      ['07:50', []],
      ['08:05', []],
    ]);
    expect(created.body.stop_count).toBe(3);
    expect(
      (await h.call('GET', '/api/routes', { token: h.tokens.demo })).body.find((row: { id: string }) => row.id === 'hill-loop').stops,
    ).toBe(3);
  });

  it('the family sees a morning pickup and an afternoon drop-off for a child on both runs', async () => {
    h.transport.setNow(at('2026-11-20T05:00:00Z'));
    const trips = (await h.call('GET', '/api/family/trips', { token: parent })).body.trips;
    expect(
      trips.map((trip: { direction: string; headline: string; scheduled_time: string; status: { label: string } }) => [
        trip.direction,
        trip.headline,
        trip.scheduled_time,
        trip.status.label,
      ]),
    ).toEqual([
      ['morning', 'Morning pickup 07:40 at Oak & 5th', '07:40', 'Scheduled 07:40'],
      ['afternoon', 'Afternoon drop-off 15:25 at Oak & 5th', '15:25', 'Scheduled 15:25'],
    ]);
    expect(trips[1].window).toEqual({ opens_at: '2026-11-20T14:00:00.000Z', closes_at: '2026-11-20T15:55:00.000Z' });
  });

  it('the afternoon trip runs the afternoon order: a bus leaving the school is on its way, not at a depot', async () => {
    h.transport.setNow(at('2026-11-20T14:59:00Z'));
    expect(
      (await h.call('PUT', '/api/buses/bus-h/location', { token: h.tokens.demo, body: { lat: 32.02, lng: -81.1, speed: 0 } })).status,
    ).toBe(200);
    h.transport.setNow(at('2026-11-20T14:59:30Z'));
    expect(
      (await h.call('PUT', '/api/buses/bus-h/location', { token: h.tokens.demo, body: { lat: 32.02, lng: -81.1, speed: 0 } })).status,
    ).toBe(200);
    const eta = (await h.call('GET', '/api/routes/hill-loop/eta', { token: h.tokens.demo })).body;
    expect(eta).toMatchObject({ direction: 'afternoon', in_window: true, basis: 'position', progress: 'running' });
    expect(eta.stops.map((stop: { position: number; time: string; state: string }) => [stop.position, stop.time, stop.state])).toEqual([
      [3, '15:00', 'arrived'],
      [2, '15:15', 'upcoming'],
      [1, '15:25', 'upcoming'],
    ]);
    const arrivals = await h.transport.db
      .fork()
      .execute("select direction, stop_position from transport_stop_arrival where route_id = 'hill-loop'");
    expect(arrivals).toEqual([{ direction: 'afternoon', stop_position: 3 }]);
    // Between the runs the route shows the afternoon run; before the morning one, the morning.
    h.transport.setNow(at('2026-11-20T11:00:00Z'));
    expect((await h.call('GET', '/api/routes/hill-loop/eta', { token: h.tokens.demo })).body).toMatchObject({
      direction: 'afternoon',
      in_window: false,
    });
  });

  it('refuses bad runs with a 400 naming the problem, and changes nothing', async () => {
    const before = await route('hill-loop');
    const refused = async (runs: unknown, extra: Record<string, unknown> = {}) => {
      const answer = await h.call('PUT', '/api/routes/hill-loop', { token: h.tokens.demo, body: { runs, ...extra } });
      expect(answer.status).toBe(400);

      return answer.body.detail as string;
    };
    expect(
      await refused({
        morning: {
          stops: [
            { stop: 1, time: '07:40' },
            { stop: 9, time: '07:50' },
          ],
        },
      }),
    ).toBe('The morning run names stop 9, which is not a stop of this route (it has 3).');
    expect(
      await refused({
        afternoon: {
          stops: [
            { stop: 3, time: '15:30' },
            { stop: 1, time: '15:10' },
          ],
        },
      }),
    ).toBe("The afternoon run's times are out of order: stop 1 at 15:10 comes after 15:30.");
    expect(await refused({ morning: { stops: [] } })).toContain('a run has at least one stop');
    expect(await refused({ morning: { stops: [{ stop: 1 }, { stop: 1 }] } })).toBe('The morning run names stop 1 twice.');
    expect(await refused({ afternoon: { stops: [{ stop: 1, time: '25:00' }] } })).toContain('HH:MM');
    expect(await refused({ evening: { stops: [{ stop: 1 }] } })).toBeTruthy();
    expect(await refused(twoRuns(), { mode: 'morning' })).toBe(
      'A morning-only route has no afternoon run; remove the afternoon run or make the route run both ways.',
    );
    const created = await h.call('POST', '/api/routes', {
      token: h.tokens.demo,
      body: { name: 'Dawn Only', mode: 'morning', stops, runs: twoRuns() },
    });
    expect(created.status).toBe(400);
    expect((await h.call('GET', '/api/routes/dawn-only', { token: h.tokens.demo })).status).toBe(404);
    const after = await route('hill-loop');
    expect({ ...after, eta_accuracy: null }).toEqual({ ...before, eta_accuracy: null });
  });

  it('a mornings-only route has only its morning run; making a two-run route mornings only is a 409 until its afternoon run goes', async () => {
    const dawn = await h.call('POST', '/api/routes', {
      token: h.tokens.demo,
      body: {
        name: 'Dawn Run',
        mode: 'morning',
        stops,
        runs: {
          morning: {
            stops: [
              { stop: 1, time: '06:40' },
              { stop: 3, time: '07:00' },
            ],
          },
        },
      },
    });
    expect(dawn.status).toBe(200);
    expect(
      dawn.body.runs.map((run: { direction: string; stops: { stop: number }[] }) => [run.direction, run.stops.map((stop) => stop.stop)]),
    ).toEqual([['morning', [1, 3]]]);
    // A stop the run does not serve has no time.
    expect(dawn.body.stops.map((stop: { time: string | null }) => stop.time)).toEqual(['06:40', null, '07:00']);

    const sun = await h.call('POST', '/api/routes', {
      token: h.tokens.demo,
      body: {
        name: 'Sun Loop',
        mode: 'both',
        stops,
        runs: { morning: { stops: [{ stop: 1, time: '07:00' }] }, afternoon: { stops: [{ stop: 1, time: '15:00' }] } },
      },
    });
    expect(sun.status).toBe(200);
    const turned = await h.call('PUT', '/api/routes/sun-loop', { token: h.tokens.demo, body: { mode: 'morning' } });
    expect(turned).toEqual({
      status: 409,
      body: { detail: 'A morning-only route has no afternoon run; remove the afternoon run or make the route run both ways.' },
    });
    expect((await route('sun-loop')).mode).toBe('both');
    // Dropping the afternoon run in the same request is allowed; the morning run is kept as it was.
    const morningOnly = await h.call('PUT', '/api/routes/sun-loop', {
      token: h.tokens.demo,
      body: { mode: 'morning', runs: { afternoon: null } },
    });
    expect(morningOnly.status).toBe(200);
    expect(morningOnly.body).toMatchObject({ mode: 'morning', runs: [{ direction: 'morning', stops: [{ stop: 1, time: '07:00' }] }] });
  });

  it('a route saved the way routes were before runs has the one run its times fall in', async () => {
    const legacy = await h.call('POST', '/api/routes', {
      token: h.tokens.demo,
      body: {
        name: 'Late Loop',
        mode: 'both',
        stops: [
          { name: 'A', time: '15:10', riders: ['Pat'] },
          { name: 'B', time: '15:20' },
        ],
      },
    });
    expect(legacy.status).toBe(200);
    expect(legacy.body.stops.map((stop: { name: string; time: string; riders: unknown[] }) => [stop.name, stop.time, stop.riders])).toEqual(
      [
        ['A', '15:10', ['Pat']],
        ['B', '15:20', []],
      ],
    );
    expect(legacy.body.runs).toEqual([
      {
        direction: 'afternoon',
        stops: [
          { stop: 1, name: 'A', time: '15:10', riders: ['Pat'] },
          { stop: 2, name: 'B', time: '15:20', riders: [] },
        ],
      },
    ]);
  });
});

describe('riders per run', () => {
  it("a child rides one stop per run direction across the tenant's routes; the 409 names the other stop and changes nothing", async () => {
    const onDawn = await h.call('PUT', '/api/routes/dawn-run', {
      token: h.tokens.demo,
      body: {
        runs: {
          morning: {
            stops: [
              { stop: 1, time: '06:40' },
              { stop: 3, time: '07:00', riders: [kim.childId] },
            ],
          },
        },
      },
    });
    expect(onDawn.status).toBe(409);
    expect(onDawn.body.detail).toBe(
      `Kim (${kim.childId}) already rides stop 1 of route Hill Loop (hill-loop) in the morning; a child rides one stop per trip direction.`,
    );
    const twice = await h.call('PUT', '/api/routes/dawn-run', {
      token: h.tokens.demo,
      body: {
        runs: {
          morning: {
            stops: [
              { stop: 1, time: '06:40', riders: [lee.childId] },
              { stop: 3, time: '07:00', riders: [{ child_id: lee.childId }] },
            ],
          },
        },
      },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toContain(`Lee (${lee.childId}) rides stop 1 and stop 3 of this route in the morning`);
    expect((await route('dawn-run')).runs[0].stops.map((stop: { riders: unknown[] }) => stop.riders)).toEqual([[], []]);
    // The afternoon is another run: Lee may ride the morning of one route and the afternoon of another.
    expect(
      (
        await h.call('PUT', '/api/routes/dawn-run', {
          token: h.tokens.demo,
          body: {
            runs: {
              morning: {
                stops: [
                  { stop: 1, time: '06:40', riders: [lee.childId] },
                  { stop: 3, time: '07:00' },
                ],
              },
            },
          },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await h.call('PUT', '/api/routes/hill-loop', {
          token: h.tokens.demo,
          body: {
            runs: {
              afternoon: {
                stops: [
                  { stop: 3, time: '15:00' },
                  { stop: 2, time: '15:15', riders: [lee.childId] },
                  { stop: 1, time: '15:25', riders: [kim.childId] },
                ],
              },
            },
          },
        })
      ).status,
    ).toBe(200);
    const hill = await route('hill-loop');
    expect(hill.runs[0].stops[0].riders).toEqual([kim.childId]);
    expect(hill.runs[1].stops[1].riders).toEqual([lee.childId]);
  });

  it('each change of the runs is audited with the runs before and after', async () => {
    const rows = await auditRows('route.update', 'route:hill-loop');
    const last = rows[rows.length - 1]?.details;
    expect(last.from.runs[1].stops[1]).toMatchObject({ stop: 2, riders: [] });
    expect(last.to.runs.afternoon.stops[1]).toEqual({ stop: 2, time: '15:15', riders: [lee.childId] });
    expect(last.to.runs.morning).toBeUndefined();
  });
});
