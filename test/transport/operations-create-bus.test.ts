import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOperationsHarness, type OperationsHarness } from './operations-harness.ts';

let h: OperationsHarness;
beforeAll(async () => {
  h = await startOperationsHarness();
});
afterAll(async () => {
  await h?.close();
});

const createBus = (input: unknown, token?: string) => h.call('POST', '/trpc/operations.createBus', { token, body: input });
const stats = async () => (await h.call('GET', '/trpc/billing.dashboardStats', { token: h.tokens.demo })).body.result.data;

describe('buses added in the web app (tRPC operations.createBus)', () => {
  it('adds a bus without a position: no report time, not active', async () => {
    const answer = await createBus({ bus_id: 'bus-20' }, h.tokens.demo);
    expect(answer.status).toBe(200);
    expect(answer.body.result.data).toEqual({ id: 'bus-20', lat: null, lng: null, heading: null, speed: null, last_update: null });
    expect((await stats()).active_buses).toBe(0);
  });

  it('adds a bus with a position as a fix taken now, so it counts as active', async () => {
    const now = new Date();
    h.transport.setNow(now);
    const answer = await createBus({ bus_id: 'Bus_21', lat: 32.05, lng: -81.1, heading: 45, speed: 0 }, h.tokens.demo);
    expect(answer.body.result.data).toEqual({
      id: 'Bus_21',
      lat: 32.05,
      lng: -81.1,
      heading: 45,
      speed: 0,
      last_update: now.toISOString(),
    });
    expect((await stats()).active_buses).toBe(1);
    h.transport.setNow(null);
    const listed = await h.call('GET', '/api/buses', { token: h.tokens.demo });
    expect(listed.body.map((bus: { id: string }) => bus.id)).toEqual(['Bus_21', 'bus-20']);
  });

  it('answers 409 Bus already exists in the same tenant, and allows the id in another tenant', async () => {
    const again = await createBus({ bus_id: 'bus-20', lat: 1, lng: 1 }, h.tokens.demo);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Bus already exists');
    expect((await h.call('GET', '/api/buses/bus-20', { token: h.tokens.demo })).body.lat).toBeNull();
    expect((await createBus({ bus_id: 'bus-20' }, h.tokens.acme)).status).toBe(200);
  });

  it('refuses bad input with field issues, and strangers, changing nothing', async () => {
    const before = await h.count('transport_bus');
    const half = await createBus({ bus_id: 'bus-30', lat: 32 }, h.tokens.demo);
    expect(half.status).toBe(400);
    expect(half.body.error.data.issues).toEqual([{ path: 'lng', message: 'give both latitude and longitude, or neither' }]);
    for (const input of [
      {},
      { bus_id: 'bus 30' },
      { bus_id: 'bus-30', lat: 91, lng: 0 },
      { bus_id: 'bus-30', speed: -1 },
      { bus_id: 'bus-30', colour: 'red' },
    ]) {
      expect((await createBus(input, h.tokens.demo)).status, JSON.stringify(input)).toBe(400);
    }
    expect((await createBus({ bus_id: 'bus-31' }, h.tokens.parent)).status).toBe(403);
    expect((await createBus({ bus_id: 'bus-31' })).status).toBe(401);
    expect(await h.count('transport_bus')).toBe(before);
  });
});
