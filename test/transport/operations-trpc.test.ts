import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOperationsHarness, type OperationsHarness } from './operations-harness.ts';

let h: OperationsHarness;
beforeAll(async () => {
  h = await startOperationsHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A tRPC mutation over HTTP, as the web app sends it. */
const mutate = (name: string, input: unknown, token?: string) => h.call('POST', `/trpc/operations.${name}`, { token, body: input });
const query = (name: string, token?: string) => h.call('GET', `/trpc/operations.${name}`, { token });

describe('schools managed in the web app (tRPC)', () => {
  it('creates schools with slug ids unique per tenant', async () => {
    const first = await mutate(
      'createSchool',
      { name: 'Oak Elementary', address: '1 Oak St', start_time: '08:00', end_time: '14:30' },
      h.tokens.demo,
    );
    expect(first.status).toBe(200);
    expect(first.body.result.data).toMatchObject({
      id: 'oak-elementary',
      tenant_id: 'demo',
      name: 'Oak Elementary',
      address: '1 Oak St',
      start_time: '08:00',
      end_time: '14:30',
    });
    const second = await mutate('createSchool', { name: 'Oak Elementary!' }, h.tokens.demo);
    expect(second.body.result.data).toMatchObject({ id: 'oak-elementary-2', address: null, start_time: null });
    const acme = await mutate('createSchool', { name: 'Oak Elementary' }, h.tokens.acme);
    expect(acme.body.result.data.id).toBe('oak-elementary');
    const list = await query('listSchools', h.tokens.demo);
    expect(list.body.result.data.map((school: { id: string }) => school.id)).toEqual(['oak-elementary', 'oak-elementary-2']);
  });

  it('updates the given fields and answers 404 for another tenant', async () => {
    const updated = await mutate('updateSchool', { school_id: 'oak-elementary-2', name: 'Oak Annex', end_time: '15:00' }, h.tokens.demo);
    expect(updated.body.result.data).toMatchObject({ id: 'oak-elementary-2', name: 'Oak Annex', end_time: '15:00', address: null });
    const foreign = await mutate('updateSchool', { school_id: 'oak-elementary-2', name: 'Taken' }, h.tokens.acme);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('School not found');
  });

  it('refuses bad input and strangers, changing nothing', async () => {
    const before = await h.count('transport_school');
    for (const input of [{}, { name: '' }, { name: 'X', start_time: '8am' }, { name: 'X', id: 'chosen' }, { name: 'x'.repeat(201) }]) {
      expect((await mutate('createSchool', input, h.tokens.demo)).status, JSON.stringify(input)).toBe(400);
    }
    expect((await mutate('createSchool', { name: 'Parent School' }, h.tokens.parent)).status).toBe(403);
    expect((await mutate('createSchool', { name: 'Anon School' })).status).toBe(401);
    expect(await h.count('transport_school')).toBe(before);
  });

  it('deletes a school of the tenant only', async () => {
    expect((await mutate('deleteSchool', { school_id: 'oak-elementary' }, h.tokens.acme)).status).toBe(200);
    expect((await mutate('deleteSchool', { school_id: 'oak-elementary-2' }, h.tokens.acme)).status).toBe(404);
    expect((await mutate('deleteSchool', { school_id: 'oak-elementary-2' }, h.tokens.demo)).body.result.data).toEqual({ ok: true });
    expect(await h.count('transport_school', 'demo')).toBe(1);
  });
});

describe('buses retired in the web app (tRPC)', () => {
  it('deletes a bus of the tenant only and answers 404 Bus not found otherwise', async () => {
    await h.call('PUT', '/api/buses/bus-1/location', { token: h.tokens.demo, body: { lat: 32, lng: -81 } });
    const foreign = await mutate('deleteBus', { bus_id: 'bus-1' }, h.tokens.acme);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('Bus not found');
    expect((await mutate('deleteBus', { bus_id: 'bus-1' }, h.tokens.parent)).status).toBe(403);
    expect((await mutate('deleteBus', { bus_id: 'bus-1' }, h.tokens.demo)).body.result.data).toEqual({ ok: true });
    expect((await h.call('GET', '/api/buses/bus-1', { token: h.tokens.demo })).status).toBe(404);
  });
});
