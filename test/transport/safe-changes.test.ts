import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, register, snapshot, startBillingWorld, type BillingWorld } from './billing-support.ts';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

/** A tRPC mutation over HTTP, as the web app sends it. */
const mutate = (name: string, input: unknown, token?: string) => call(world, 'POST', `/trpc/${name}`, { token, body: input });
const schoolCount = async () =>
  (await world.transport.db.fork().execute<{ n: number }[]>('select count(*)::int as n from transport_school'))[0]?.n;

describe('schools', () => {
  it('refuses to delete a school children attend, naming how many, and deletes it once they moved', async () => {
    const created = await mutate(
      'operations.createSchool',
      { name: 'Birch Academy', start_time: '08:00', end_time: '15:00' },
      world.tokens.demo,
    );
    expect(created.status).toBe(200);
    const schoolId = created.body.result.data.id;
    await register(world, {
      children: [
        { name: 'Ann Birch', transport_need: 'both', school_id: schoolId },
        { name: 'Bo Birch', transport_need: 'morning', school_id: schoolId },
      ],
    });
    const refused = await mutate('operations.deleteSchool', { school_id: schoolId }, world.tokens.demo);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('2 children attend this school; move them to another school first.');
    expect((await mutate('operations.deleteSchool', { school_id: schoolId }, world.tokens.acme)).status).toBe(404);
    expect((await mutate('operations.deleteSchool', { school_id: schoolId }, world.tokens.parent)).status).toBe(403);
    expect(
      (await call(world, 'GET', '/trpc/operations.listSchools', { token: world.tokens.demo })).body.result.data.map(
        (s: { id: string }) => s.id,
      ),
    ).toContain(schoolId);
    await world.transport.db
      .fork()
      .execute("update transport_child set school_id = null where school_id = ? and name = 'Bo Birch'", [schoolId]);
    expect((await mutate('operations.deleteSchool', { school_id: schoolId }, world.tokens.demo)).body.error.message).toBe(
      '1 child attends this school; move that child to another school first.',
    );
    await world.transport.db.fork().execute('update transport_child set school_id = null where school_id = ?', [schoolId]);
    expect((await mutate('operations.deleteSchool', { school_id: schoolId }, world.tokens.demo)).body.result.data).toEqual({ ok: true });
  });

  it('keeps school names unique per tenant, whatever the case or spaces', async () => {
    expect((await mutate('operations.createSchool', { name: 'Cedar High' }, world.tokens.demo)).status).toBe(200);
    const before = await schoolCount();
    const twin = await mutate('operations.createSchool', { name: '  cedar HIGH ' }, world.tokens.demo);
    expect(twin.status).toBe(409);
    expect(twin.body.error.message).toBe('A school named "cedar HIGH" already exists.');
    expect(await schoolCount()).toBe(before);
    expect((await mutate('operations.createSchool', { name: 'Cedar High' }, world.tokens.acme)).status).toBe(200);
    const other = await mutate('operations.createSchool', { name: 'Dogwood Elementary' }, world.tokens.demo);
    const renamed = await mutate(
      'operations.updateSchool',
      { school_id: other.body.result.data.id, name: 'Cedar High' },
      world.tokens.demo,
    );
    expect(renamed.status).toBe(409);
    const kept = await call(world, 'GET', '/trpc/operations.listSchools', { token: world.tokens.demo });
    expect(kept.body.result.data.find((s: { id: string }) => s.id === other.body.result.data.id).name).toBe('Dogwood Elementary');
  });

  it('refuses a school day that ends before it starts, on create and on change', async () => {
    const before = await schoolCount();
    const backwards = await mutate(
      'operations.createSchool',
      { name: 'Elm Night School', start_time: '15:00', end_time: '08:00' },
      world.tokens.demo,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.message).toContain('end_time (08:00) must be after start_time (15:00)');
    expect(
      (await mutate('operations.createSchool', { name: 'Elm Same', start_time: '08:00', end_time: '08:00' }, world.tokens.demo)).status,
    ).toBe(400);
    expect(await schoolCount()).toBe(before);
    const school = (
      await mutate('operations.createSchool', { name: 'Fir School', start_time: '08:00', end_time: '14:00' }, world.tokens.demo)
    ).body.result.data;
    expect((await mutate('operations.updateSchool', { school_id: school.id, end_time: '07:30' }, world.tokens.demo)).status).toBe(400);
    expect((await mutate('operations.updateSchool', { school_id: school.id, start_time: '14:30' }, world.tokens.demo)).status).toBe(400);
    const moved = await mutate(
      'operations.updateSchool',
      { school_id: school.id, start_time: '07:00', end_time: '13:00' },
      world.tokens.demo,
    );
    expect(moved.body.result.data).toMatchObject({ start_time: '07:00', end_time: '13:00' });
  });
});

describe('payers and allocations', () => {
  const household = async (id: string, token = world.tokens.demo) => call(world, 'GET', `/api/billing/households/${id}`, { token });
  const splitsAddUp = (detail: { weekly_total: number; payer_splits: { amount: number }[] }) =>
    expect(detail.payer_splits.reduce((sum, split) => sum + split.amount, 0)).toBeCloseTo(detail.weekly_total, 2);

  it('edits a payer and their allocation, the shares still adding up to the weekly total', async () => {
    const created = await register(world);
    const start = (await household(created.household_id)).body;
    const child = start.children[0];
    const added = await call(world, 'POST', `/api/billing/households/${created.household_id}/payers`, {
      token: world.tokens.demo,
      body: { name: 'Dad', email: 'dad@family.test', allocation: { child_id: child.id, split_type: 'fixed', value: 50 } },
    });
    const payerId = added.body.payer.id;
    const allocationId = added.body.allocation.id;
    const edited = await call(world, 'PATCH', `/api/billing/households/${created.household_id}/payers/${payerId}`, {
      token: world.tokens.demo,
      body: { name: 'Dan Dad', phone: '555-0142' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.payers.find((p: { id: string }) => p.id === payerId)).toMatchObject({
      name: 'Dan Dad',
      phone: '555-0142',
      email: 'dad@family.test',
    });
    const changed = await call(world, 'PUT', `/api/billing/households/${created.household_id}/allocations/${allocationId}`, {
      token: world.tokens.demo,
      body: { split_type: 'percentage', value: 40 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.payer_splits.find((s: { payer_id: string }) => s.payer_id === payerId).amount).toBe(70);
    splitsAddUp(changed.body);
    const second = await call(world, 'POST', `/api/billing/households/${created.household_id}/payers/${payerId}/allocations`, {
      token: world.tokens.demo,
      body: { allocation: { child_id: start.children[1].id, split_type: 'per_child' } },
    });
    expect(second.status).toBe(201);
    expect(second.body.payer_splits.find((s: { payer_id: string }) => s.payer_id === payerId).amount).toBe(190);
    splitsAddUp(second.body);
    const removed = await call(world, 'DELETE', `/api/billing/households/${created.household_id}/allocations/${allocationId}`, {
      token: world.tokens.demo,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.payer_splits.find((s: { payer_id: string }) => s.payer_id === payerId).amount).toBe(120);
    splitsAddUp(removed.body);
    const gone = await call(world, 'DELETE', `/api/billing/households/${created.household_id}/payers/${payerId}`, {
      token: world.tokens.demo,
    });
    expect(gone.status).toBe(200);
    expect(gone.body.payers).toHaveLength(1);
    expect(gone.body.allocations).toEqual([]);
    expect(gone.body.payer_splits).toEqual([{ payer_id: gone.body.payers[0].id, amount: start.weekly_total }]);
  });

  it('keeps the primary payer and a payer with invoices that are not void (409), refuses bad input (400), strangers (403/404)', async () => {
    const created = await register(world);
    const start = (await household(created.household_id)).body;
    const primary = start.payers[0].id;
    const before = await snapshot(world);
    const primaryRemoval = await call(world, 'DELETE', `/api/billing/households/${created.household_id}/payers/${primary}`, {
      token: world.tokens.demo,
    });
    expect(primaryRemoval.status).toBe(409);
    expect(primaryRemoval.body.detail).toContain('primary payer');
    expect(
      (
        await call(world, 'PATCH', `/api/billing/households/${created.household_id}/payers/${primary}`, {
          token: world.tokens.demo,
          body: {},
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(world, 'PATCH', `/api/billing/households/${created.household_id}/payers/${primary}`, {
          token: world.tokens.demo,
          body: { email: 'not-an-email' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(world, 'PATCH', `/api/billing/households/${created.household_id}/payers/${primary}`, {
          token: world.tokens.acme,
          body: { name: 'X' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(world, 'PATCH', `/api/billing/households/${created.household_id}/payers/${primary}`, {
          token: world.tokens.parent,
          body: { name: 'X' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(world, 'DELETE', `/api/billing/households/${created.household_id}/payers/${primary}`, { token: world.tokens.acme }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(world, 'PUT', `/api/billing/households/${created.household_id}/allocations/missing`, {
          token: world.tokens.demo,
          body: { split_type: 'percentage', value: 101 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(world, 'PUT', `/api/billing/households/${created.household_id}/allocations/missing`, {
          token: world.tokens.demo,
          body: { split_type: 'fixed', value: 5 },
        })
      ).status,
    ).toBe(404);
    expect(await snapshot(world)).toBe(before);

    const payer = await call(world, 'POST', `/api/billing/households/${created.household_id}/payers`, {
      token: world.tokens.demo,
      body: { name: 'Aunt', email: 'aunt@family.test' },
    });
    await world.transport.db
      .fork()
      .execute(
        "insert into transport_invoice (id, tenant_id, household_id, payer_id, kind, status, amount_cents) values ('inv-aunt', 'demo', ?, ?, 'registration', 'sent', 1000)",
        [created.household_id, payer.body.payer.id],
      );
    const withInvoice = await call(world, 'DELETE', `/api/billing/households/${created.household_id}/payers/${payer.body.payer.id}`, {
      token: world.tokens.demo,
    });
    expect(withInvoice.status).toBe(409);
    expect(withInvoice.body.detail).toBe('This payer has 1 invoice that is not void; void it first.');
  });
});
