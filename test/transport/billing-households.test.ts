import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, register, snapshot, startBillingWorld, type BillingWorld } from './billing-support.ts';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

const childIds = async (householdId: string): Promise<string[]> => {
  const detail = await call(world, 'GET', `/api/billing/households/${householdId}`, { token: world.tokens.demo });

  return detail.body.children.map((child: { id: string }) => child.id);
};

describe('public billing constants', () => {
  it('GET /api/billing/rates answers the weekly rates and the registration fee without a token', async () => {
    expect(await call(world, 'GET', '/api/billing/rates')).toEqual({
      status: 200,
      body: { one_way: 120, two_way: 175, cycle: 'weekly', registration_fee: 50, currency: 'USD' },
    });
    expect((await call(world, 'GET', '/acme/api/billing/rates')).body.two_way).toBe(175);
  });

  it('GET /api/billing/provider-status says no provider is configured', async () => {
    expect(await call(world, 'GET', '/api/billing/provider-status')).toEqual({
      status: 200,
      body: { square_connected: false, stripe_connected: false },
    });
  });
});

describe('GET /api/billing/households', () => {
  it('lists the tenant households with children and weekly totals, never another tenant', async () => {
    const mine = await register(world);
    const theirs = await register(world, { tenant: 'acme' });
    const answer = await call(world, 'GET', '/api/billing/households', { token: world.tokens.demo });
    expect(answer.status).toBe(200);
    const row = answer.body.find((household: { id: string }) => household.id === mine.household_id);
    expect(row).toMatchObject({
      id: mine.household_id,
      tenant_id: 'demo',
      first_pickup_date: '2026-12-01',
      policy_acknowledged: ['safety', 'payment-terms'],
      weekly_total: 295,
    });
    expect(row.children).toHaveLength(2);
    expect(row.children[0]).toMatchObject({ trip_type: 'two_way', rate_weekly: 175, household_id: mine.household_id, active: true });
    expect(answer.body.some((household: { id: string }) => household.id === theirs.household_id)).toBe(false);
    const acme = await call(world, 'GET', '/api/billing/households', { token: world.tokens.acme });
    expect(acme.body.map((household: { id: string }) => household.id)).toEqual([theirs.household_id]);
  });

  it('leaves inactive children out of the weekly total', async () => {
    const created = await register(world);
    const [first] = await childIds(created.household_id);
    await world.transport.db.fork().execute('update transport_child set active = false where id = ?', [first]);
    const detail = await call(world, 'GET', `/api/billing/households/${created.household_id}`, { token: world.tokens.demo });
    expect(detail.body.weekly_total).toBe(120);
    expect(detail.body.payer_splits).toEqual([{ payer_id: detail.body.payers[0].id, amount: 120 }]);
  });

  it('answers 401 and 403 for strangers and parents', async () => {
    expect((await call(world, 'GET', '/api/billing/households')).status).toBe(401);
    expect((await call(world, 'GET', '/api/billing/households', { token: world.tokens.parent })).status).toBe(403);
  });
});

describe('GET /api/billing/households/{household_id}', () => {
  it('answers the household with payers, allocations and payer splits', async () => {
    const created = await register(world, { parent2: { name: 'Second Payer', email: 'second@family.test' } });
    const answer = await call(world, 'GET', `/api/billing/households/${created.household_id}`, { token: world.tokens.demo });
    expect(answer.status).toBe(200);
    expect(answer.body.payers).toHaveLength(2);
    expect(answer.body.payers[0]).toMatchObject({ is_primary: true, email: expect.stringContaining('@family.test') });
    expect(answer.body.payers[1]).toMatchObject({ is_primary: false, name: 'Second Payer' });
    expect(answer.body.allocations).toEqual([]);
    expect(answer.body.weekly_total).toBe(295);
    expect(answer.body.payer_splits).toEqual([
      { payer_id: answer.body.payers[0].id, amount: 295 },
      { payer_id: answer.body.payers[1].id, amount: 0 },
    ]);
  });

  it('answers 404 Household not found for an unknown id and for another tenant household', async () => {
    const theirs = await register(world, { tenant: 'acme' });
    for (const id of ['nope', theirs.household_id]) {
      expect(await call(world, 'GET', `/api/billing/households/${id}`, { token: world.tokens.demo })).toEqual({
        status: 404,
        body: { detail: 'Household not found' },
      });
    }
    expect((await call(world, 'GET', `/acme/api/billing/households/${theirs.household_id}`, { token: world.tokens.acme })).status).toBe(
      200,
    );
  });
});

describe('POST /api/billing/households/{household_id}/payers', () => {
  it('adds a non-primary payer with a fixed allocation that moves money off the primary payer', async () => {
    const created = await register(world);
    const [first] = await childIds(created.household_id);
    const answer = await call(world, 'POST', `/api/billing/households/${created.household_id}/payers`, {
      token: world.tokens.demo,
      body: {
        name: 'Grandpa Joe',
        email: 'JOE@family.test',
        phone: '555-0111',
        allocation: { child_id: first, split_type: 'fixed', value: 50.25 },
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      payer: expect.objectContaining({
        id: expect.any(String),
        name: 'Grandpa Joe',
        email: 'joe@family.test',
        phone: '555-0111',
        is_primary: false,
        household_id: created.household_id,
      }),
      allocation: expect.objectContaining({ payer_id: answer.body.payer.id, child_id: first, split_type: 'fixed', value: 50.25 }),
    });
    const detail = await call(world, 'GET', `/api/billing/households/${created.household_id}`, { token: world.tokens.demo });
    const primary = detail.body.payers.find((payer: { is_primary: boolean }) => payer.is_primary).id;
    expect(detail.body.payer_splits).toEqual([
      { payer_id: primary, amount: 244.75 },
      { payer_id: answer.body.payer.id, amount: 50.25 },
    ]);
  });

  it('applies percentage and per_child allocations, and a payer without allocation pays nothing', async () => {
    const created = await register(world);
    const [first, second] = await childIds(created.household_id);
    const add = (body: Record<string, unknown>) =>
      call(world, 'POST', `/api/billing/households/${created.household_id}/payers`, { token: world.tokens.demo, body });
    const half = await add({
      name: 'Half',
      email: 'half@family.test',
      phone: null,
      allocation: { child_id: first, split_type: 'percentage', value: 33.33 },
    });
    const whole = await add({
      name: 'Whole',
      email: 'whole@family.test',
      allocation: { child_id: second, split_type: 'per_child', value: 0 },
    });
    const none = await add({ name: 'None', email: 'none@family.test' });
    expect(none.body.allocation).toBeNull();
    const detail = await call(world, 'GET', `/api/billing/households/${created.household_id}`, { token: world.tokens.demo });
    const shares = Object.fromEntries(
      detail.body.payer_splits.map((split: { payer_id: string; amount: number }) => [split.payer_id, split.amount]),
    );
    expect(shares[half.body.payer.id]).toBe(58.32);
    expect(shares[whole.body.payer.id]).toBe(120);
    expect(shares[none.body.payer.id]).toBe(0);
    const total = detail.body.payer_splits.reduce((sum: number, split: { amount: number }) => sum + Math.round(split.amount * 100), 0);
    expect(total).toBe(29_500);
    expect(detail.body.allocations).toHaveLength(2);
  });

  it.each([
    ['percentage over 100', { allocation: { split_type: 'percentage', value: 100.5 } }],
    ['unknown split type', { allocation: { split_type: 'equal', value: 1 } }],
    ['value as text', { allocation: { split_type: 'fixed', value: '10' } }],
    ['more than two decimals', { allocation: { split_type: 'fixed', value: 10.005 } }],
    ['negative value', { allocation: { split_type: 'fixed', value: -1 } }],
    ['unknown field', { is_primary: true }],
    ['unknown allocation field', { allocation: { split_type: 'fixed', value: 1, payer_id: 'x' } }],
    ['missing name', { name: undefined }],
    ['oversized name', { name: 'n'.repeat(201) }],
    ['bad email', { email: 'nobody' }],
  ] as [string, Record<string, unknown>][])('refuses %s with 400 and adds nothing', async (_label, overrides) => {
    const created = await register(world);
    const [first] = await childIds(created.household_id);
    const base = { name: 'Payer', email: 'payer@family.test' };
    const body: Record<string, unknown> = { ...base, ...overrides };
    if (overrides.allocation) {
      body.allocation = { child_id: first, ...(overrides.allocation as Record<string, unknown>) };
    }
    const before = await snapshot(world);
    const answer = await call(world, 'POST', `/api/billing/households/${created.household_id}/payers`, { token: world.tokens.demo, body });
    expect(answer.status).toBe(400);
    expect(await snapshot(world)).toBe(before);
  });

  it('answers 404 for another tenant household and for a child of another household, adding nothing', async () => {
    const mine = await register(world);
    const other = await register(world);
    const theirs = await register(world, { tenant: 'acme' });
    const [otherChild] = await childIds(other.household_id);
    const before = await snapshot(world);
    const payer = { name: 'Intruder', email: 'x@family.test' };
    expect(
      await call(world, 'POST', `/api/billing/households/${theirs.household_id}/payers`, { token: world.tokens.demo, body: payer }),
    ).toEqual({
      status: 404,
      body: { detail: 'Household not found' },
    });
    expect(
      await call(world, 'POST', `/api/billing/households/${mine.household_id}/payers`, {
        token: world.tokens.demo,
        body: { ...payer, allocation: { child_id: otherChild, split_type: 'per_child', value: 0 } },
      }),
    ).toEqual({ status: 404, body: { detail: 'Child not found' } });
    expect(
      (await call(world, 'POST', `/api/billing/households/${mine.household_id}/payers`, { token: world.tokens.parent, body: payer }))
        .status,
    ).toBe(403);
    expect((await call(world, 'POST', `/api/billing/households/${mine.household_id}/payers`, { body: payer })).status).toBe(401);
    expect(await snapshot(world)).toBe(before);
  });
});

describe('POST /api/billing/households/{household_id}/first-pickup', () => {
  it('sets the first pickup date', async () => {
    const created = await register(world, { first_pickup_date: null });
    const answer = await call(world, 'POST', `/api/billing/households/${created.household_id}/first-pickup`, {
      token: world.tokens.demo,
      body: { first_pickup_date: '2027-01-04' },
    });
    expect(answer).toEqual({ status: 200, body: { household_id: created.household_id, first_pickup_date: '2027-01-04' } });
    const detail = await call(world, 'GET', `/api/billing/households/${created.household_id}`, { token: world.tokens.demo });
    expect(detail.body.first_pickup_date).toBe('2027-01-04');
  });

  it('refuses a missing or bad date with 400 and another tenant household with 404, changing nothing', async () => {
    const created = await register(world);
    const theirs = await register(world, { tenant: 'acme' });
    const before = await snapshot(world);
    for (const body of [
      {},
      { first_pickup_date: '2027-13-01' },
      { first_pickup_date: 20270104 },
      { first_pickup_date: '2027-01-04', extra: 1 },
    ]) {
      expect(
        (await call(world, 'POST', `/api/billing/households/${created.household_id}/first-pickup`, { token: world.tokens.demo, body }))
          .status,
      ).toBe(400);
    }
    expect(
      await call(world, 'POST', `/api/billing/households/${theirs.household_id}/first-pickup`, {
        token: world.tokens.demo,
        body: { first_pickup_date: '2027-01-04' },
      }),
    ).toEqual({ status: 404, body: { detail: 'Household not found' } });
    expect(await snapshot(world)).toBe(before);
  });
});

describe('GET /api/children', () => {
  it('lists the active children of the tenant with all columns', async () => {
    const created = await register(world, {
      children: [
        { name: 'Active Alice', transport_need: 'afternoon', school: 'Elm', school_id: 'elm', grade: 'K', route: 'r1' },
        { name: 'Gone Gus', transport_need: 'both' },
      ],
    });
    const theirs = await register(world, { tenant: 'acme' });
    await world.transport.db.fork().execute("update transport_child set active = false where name = 'Gone Gus'");
    const answer = await call(world, 'GET', '/api/children', { token: world.tokens.demo });
    expect(answer.status).toBe(200);
    const alice = answer.body.find((child: { name: string }) => child.name === 'Active Alice');
    expect(alice).toEqual({
      id: expect.any(String),
      tenant_id: 'demo',
      household_id: created.household_id,
      name: 'Active Alice',
      school: 'Elm',
      school_id: 'elm',
      grade: 'K',
      route: 'r1',
      transport_need: 'afternoon',
      trip_type: 'one_way',
      rate_weekly: 120,
      active: true,
      created_at: expect.stringMatching(/Z$/),
    });
    expect(answer.body.some((child: { name: string }) => child.name === 'Gone Gus')).toBe(false);
    expect(answer.body.some((child: { household_id: string }) => child.household_id === theirs.household_id)).toBe(false);
    expect((await call(world, 'GET', '/api/children')).status).toBe(401);
    expect((await call(world, 'GET', '/api/children', { token: world.tokens.parent })).status).toBe(403);
  });
});

describe('GET /api/dashboard/stats', () => {
  it('counts pending registrations, buses reporting in the last 15 minutes, riding children (of approved households) and routes of the tenant only', async () => {
    // Two tenants of their own, so rows other tests add do not move the counts.
    const em = world.transport.db.fork();
    await em.execute("insert into transport_tenant (id, name) values ('stats-a', 'Stats A'), ('stats-b', 'Stats B')");
    const tokenA = world.identity.addUser({ appRole: 'operator', appTenant: 'stats-a' });
    const tokenB = world.identity.addUser({ appRole: 'operator', appTenant: 'stats-b' });
    await register(world, { tenant: 'stats-a' });
    const rejected = await register(world, { tenant: 'stats-a' });
    await call(world, 'PUT', `/api/registrations/${rejected.household_id}/reject`, { token: tokenA });
    const approved = await register(world, { tenant: 'stats-a' });
    await call(world, 'PUT', `/api/registrations/${approved.household_id}/approve`, { token: tokenA });
    await register(world, { tenant: 'stats-b' });
    const now = new Date('2026-11-25T12:00:00Z');
    world.transport.setNow(now);
    try {
      const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
      await em.execute(
        `insert into transport_bus (tenant_id, id, last_update) values
         ('stats-a', 'bus-1', ?::timestamptz), ('stats-a', 'bus-2', ?::timestamptz), ('stats-a', 'bus-3', null), ('stats-b', 'bus-9', ?::timestamptz)`,
        [minutesAgo(2), minutesAgo(16), minutesAgo(1)],
      );
      await em.execute(
        "insert into transport_route (tenant_id, id, name, status) values ('stats-a', 'north', 'North', 'active'), ('stats-a', 'south', 'South', 'inactive'), ('stats-b', 'east', 'East', 'active')",
      );
      const answer = await call(world, 'GET', '/api/dashboard/stats', { token: tokenA });
      expect(answer).toEqual({ status: 200, body: { pending_registrations: 1, active_buses: 1, active_children: 2, total_routes: 2 } });
      const other = await call(world, 'GET', '/stats-b/api/dashboard/stats', { token: tokenB });
      expect(other.body).toEqual({ pending_registrations: 1, active_buses: 1, active_children: 0, total_routes: 1 });
      expect((await call(world, 'GET', '/api/dashboard/stats')).status).toBe(401);
      expect((await call(world, 'GET', '/api/dashboard/stats', { token: world.tokens.parent })).status).toBe(403);
    } finally {
      world.transport.setNow(null);
    }
  });
});
