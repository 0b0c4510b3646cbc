import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerApproved, startBillingWorld, type BillingWorld } from './billing-support.ts';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

type Row = {
  actor: string;
  action: string;
  resource: string;
  details: Record<string, any>;
  admin_actor: boolean;
  household_id: string | null;
};

const mutate = (name: string, input: unknown, token: string, tenant?: string) =>
  call(world, 'POST', `/trpc/${name}`, { token, body: input, ...(tenant ? { headers: { 'x-tenant-id': tenant } } : {}) });
const logOf = async (action: string): Promise<Row[]> =>
  (await call(world, 'GET', `/api/tenants/demo/logs?action=${encodeURIComponent(action)}`, { token: world.tokens.demo })).body;
const only = async (action: string): Promise<Row> => {
  const rows = await logOf(action);
  expect(rows, action).toHaveLength(1);

  return rows[0] as Row;
};

describe("every staff write leaves a row in the tenant's log", () => {
  it('routes, stops and buses: actor, action, resource and changed values', async () => {
    const route = await call(world, 'POST', '/api/routes', {
      token: world.tokens.demo,
      body: { name: 'North Loop', driver: 'Ann', stops: [{ name: 'Depot', lat: 32, lng: -81 }] },
    });
    expect(route.status).toBe(200);
    expect(await only('route.create')).toMatchObject({
      actor: 'ops@demo.test',
      resource: 'route:north-loop',
      admin_actor: false,
      details: { to: { name: 'North Loop', driver: 'Ann' } },
    });
    await call(world, 'PUT', '/api/routes/north-loop', {
      token: world.tokens.demo,
      body: { driver: 'Bea', stops: [{ name: 'Depot' }, { name: 'School' }] },
    });
    const update = await only('route.update');
    expect(update.details.from.driver).toBe('Ann');
    expect(update.details.to.driver).toBe('Bea');
    expect(update.details.from.stops).toHaveLength(1);
    expect(update.details.to.stops).toHaveLength(2);
    await call(world, 'DELETE', '/api/routes/north-loop', { token: world.tokens.demo });
    expect(await only('route.delete')).toMatchObject({ resource: 'route:north-loop' });
    await mutate('operations.createBus', { bus_id: 'bus-9', lat: 32, lng: -81 }, world.tokens.demo);
    expect(await only('bus.create')).toMatchObject({ resource: 'bus:bus-9', details: { to: { lat: 32, lng: -81 } } });
    await mutate('operations.deleteBus', { bus_id: 'bus-9' }, world.tokens.demo);
    expect(await only('bus.delete')).toMatchObject({ resource: 'bus:bus-9' });
  });

  it('schools: created, changed (before and after) and deleted', async () => {
    const created = (await mutate('operations.createSchool', { name: 'Audit Academy', start_time: '08:00' }, world.tokens.demo)).body.result
      .data;
    expect(await only('school.create')).toMatchObject({
      resource: `school:${created.id}`,
      details: { to: { name: 'Audit Academy', start_time: '08:00' } },
    });
    await mutate('operations.updateSchool', { school_id: created.id, end_time: '15:00' }, world.tokens.demo);
    expect(await only('school.update')).toMatchObject({ details: { from: { end_time: null }, to: { end_time: '15:00' } } });
    await mutate('operations.deleteSchool', { school_id: created.id }, world.tokens.demo);
    expect(await only('school.delete')).toMatchObject({ details: { removed: { name: 'Audit Academy' } } });
  });

  it('payers, first pickup, invoice generation and settings', async () => {
    const household = await registerApproved(world, world.tokens.demo);
    const payer = await call(world, 'POST', `/api/billing/households/${household.household_id}/payers`, {
      token: world.tokens.demo,
      body: { name: 'Grandpa', email: 'gp@family.test' },
    });
    expect(await only('payer.add')).toMatchObject({ household_id: household.household_id, resource: `payer:${payer.body.payer.id}` });
    await call(world, 'PATCH', `/api/billing/households/${household.household_id}/payers/${payer.body.payer.id}`, {
      token: world.tokens.demo,
      body: { phone: '555-0111' },
    });
    expect(await only('payer.update')).toMatchObject({ details: { from: { phone: null }, to: { phone: '555-0111' } } });
    await call(world, 'POST', `/api/billing/households/${household.household_id}/first-pickup`, {
      token: world.tokens.demo,
      body: { first_pickup_date: '2026-12-07' },
    });
    expect(await only('household.first_pickup')).toMatchObject({ details: { to: { first_pickup_date: '2026-12-07' } } });
    const generated = await call(world, 'POST', '/api/billing/generate', { token: world.tokens.demo });
    const generation = await only('invoice.generate');
    expect(generation.details.invoices.map((invoice: { id: string }) => invoice.id).sort()).toEqual(
      generated.body.invoices.map((invoice: { id: string }) => invoice.id).sort(),
    );
    await call(world, 'PUT', '/api/tenant/settings/payments', {
      token: world.tokens.demo,
      body: { payment_instructions: 'Cheques to Demo Transport.' },
    });
    expect(await only('tenant.settings.update')).toMatchObject({
      details: { payment_instructions: { from: null, to: 'Cheques to Demo Transport.' } },
    });
  });

  it("marks a platform administrator's writes in a tenant as theirs", async () => {
    const created = await mutate('operations.createSchool', { name: 'Admin Academy' }, world.tokens.admin, 'demo');
    expect(created.status).toBe(200);
    const row = (await logOf('school.create')).find((entry) => entry.details.to.name === 'Admin Academy');
    expect(row).toMatchObject({ actor: 'root@platform.test', admin_actor: true });
    await call(world, 'POST', '/demo/api/routes', { token: world.tokens.admin, body: { name: 'Admin Route' } });
    expect((await logOf('route.create')).find((entry) => entry.resource === 'route:admin-route')).toMatchObject({
      actor: 'root@platform.test',
      admin_actor: true,
    });
  });

  it('writes no row for a refused write', async () => {
    const before = (await logOf('school.create')).length;
    expect(
      (await mutate('operations.createSchool', { name: 'Late', start_time: '15:00', end_time: '08:00' }, world.tokens.demo)).status,
    ).toBe(400);
    expect((await mutate('operations.createSchool', { name: 'Parent School' }, world.tokens.parent)).status).toBe(403);
    expect((await logOf('school.create')).length).toBe(before);
  });
  it('a payer removed: the payer as they were, with the household; a refused removal (the main payer) writes nothing', async () => {
    const household = await registerApproved(world, world.tokens.demo);
    const payer = await call(world, 'POST', `/api/billing/households/${household.household_id}/payers`, {
      token: world.tokens.demo,
      body: { name: 'Cousin Remy', email: 'remy@family.test' },
    });
    const detail = await call(world, 'GET', `/api/billing/households/${household.household_id}`, { token: world.tokens.demo });
    const primary = (detail.body.payers as { id: string; is_primary: boolean }[]).find((entry) => entry.is_primary)?.id;
    const refused = await call(world, 'DELETE', `/api/billing/households/${household.household_id}/payers/${primary}`, {
      token: world.tokens.demo,
    });
    expect(refused.status).toBe(409);
    expect(await logOf('payer.remove')).toEqual([]);
    const removed = await call(world, 'DELETE', `/api/billing/households/${household.household_id}/payers/${payer.body.payer.id}`, {
      token: world.tokens.demo,
    });
    expect(removed.status).toBe(200);
    expect(await only('payer.remove')).toMatchObject({
      actor: 'ops@demo.test',
      household_id: household.household_id,
      resource: `payer:${payer.body.payer.id}`,
      details: { removed: { id: payer.body.payer.id, name: 'Cousin Remy', email: 'remy@family.test', is_primary: false } },
    });
  });
});
