import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoOperations } from '../../packages/db/src/transport/operations/seed-demo-operations.ts';
import { startOperationsHarness, type OperationsHarness } from './operations-harness.ts';

let h: OperationsHarness;
beforeAll(async () => {
  h = await startOperationsHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('seedDemoOperations', () => {
  it('fills the demo tenant with schools, two routes with stops and buses, once', async () => {
    expect(await seedDemoOperations(h.transport.db.fork())).toBe(true);
    const routes = await h.call('GET', '/api/routes', { token: h.tokens.demo });
    expect(routes.body.map((route: { id: string; stops: number }) => [route.id, route.stops])).toEqual([
      ['midtown-loop', 4],
      ['southside-morning', 4],
    ]);
    const schools = await h.call('GET', '/api/public/schools');
    expect(schools.body.schools.map((school: { id: string }) => school.id).sort()).toEqual([
      'hesse-k8',
      'jacob-g-smith-elementary',
      'savannah-arts-academy',
    ]);
    const buses = await h.call('GET', '/api/buses', { token: h.tokens.demo });
    expect(buses.body.map((bus: { id: string }) => bus.id)).toEqual(['bus-101', 'bus-102', 'bus-103']);
    const route = await h.call('GET', '/api/routes/southside-morning', { token: h.tokens.demo });
    for (const stop of route.body.stops) {
      // Savannah, GA and its surroundings.
      expect(stop.lat).toBeGreaterThan(31.9);
      expect(stop.lat).toBeLessThan(32.1);
      expect(stop.lng).toBeGreaterThan(-81.2);
      expect(stop.lng).toBeLessThan(-81.0);
    }
    expect(await h.count('transport_route', 'acme')).toBe(0);
  });

  it('writes nothing when run again, so what operators changed or deleted stays so', async () => {
    await h.call('PUT', '/api/routes/midtown-loop', { token: h.tokens.demo, body: { driver: 'New Driver', stops: [] } });
    await h.call('DELETE', '/api/routes/southside-morning', { token: h.tokens.demo });
    const counts = async () => [
      await h.count('transport_school', 'demo'),
      await h.count('transport_bus', 'demo'),
      await h.count('transport_route', 'demo'),
      await h.count('transport_route_stop', 'demo'),
    ];
    const before = await counts();
    expect(await seedDemoOperations(h.transport.db.fork())).toBe(false);
    expect(await counts()).toEqual(before);
    expect((await h.call('GET', '/api/routes/midtown-loop', { token: h.tokens.demo })).body).toMatchObject({
      driver: 'New Driver',
      stop_count: 0,
    });
    expect((await h.call('GET', '/api/routes/southside-morning', { token: h.tokens.demo })).status).toBe(404);
  });

  it('makes the demo route conditions name the schools the route stops at', async () => {
    const answer = await h.call('GET', '/api/routes/midtown-loop/conditions', { token: h.tokens.demo });
    expect(answer.body.schools).toEqual([]);
    await h.transport.db.fork().execute("delete from transport_route where tenant_id = 'demo'");
    await h.transport.db.fork().execute("delete from transport_school where tenant_id = 'demo'");
    await h.transport.db.fork().execute("delete from transport_bus where tenant_id = 'demo'");
    expect(await seedDemoOperations(h.transport.db.fork())).toBe(true);
    const seeded = await h.call('GET', '/api/routes/midtown-loop/conditions', { token: h.tokens.demo });
    expect(seeded.body.schools.map((school: { id: string }) => school.id).sort()).toEqual([
      'jacob-g-smith-elementary',
      'savannah-arts-academy',
    ]);
    const southside = await h.call('GET', '/api/routes/southside-morning/conditions', { token: h.tokens.demo });
    expect(southside.body.schools.map((school: { id: string }) => school.id)).toEqual(['hesse-k8']);
    expect(answer.body.summary).toBe('unavailable');
  });
});
