import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, register, snapshot, startBillingWorld, type BillingWorld } from './billing-support.ts';

/** The second payer: a share of the household set per payer, shown to the family, used by the next generation. */

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
  world.transport.setNow(new Date('2026-11-23T15:00:00Z'));
});
afterAll(async () => {
  await world?.close();
});

const splitPath = (householdId: string, payerId: string) => `/api/billing/households/${householdId}/payers/${payerId}/split`;

/** A demo household the signed-in parent submitted, with a second parent, approved and starting this Monday. */
const householdWithTwoPayers = async () => {
  const created = await register(
    world,
    {
      first_pickup_date: '2026-11-23',
      parent: { name: 'Pia Primary', email: 'parent@demo.test' },
      parent2: { name: 'Sol Second', email: 'sol@family.test' },
    },
    { authorization: `Bearer ${world.tokens.parent}` },
  );
  expect((await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: world.tokens.demo })).status).toBe(200);
  const detail = (await call(world, 'GET', `/api/billing/households/${created.household_id}`, { token: world.tokens.demo })).body;
  const [primary, second] = detail.payers;

  return { householdId: created.household_id as string, primary, second };
};

const sharesOf = (body: { payer_splits: { payer_id: string; amount: number }[] }) =>
  Object.fromEntries(body.payer_splits.map((split) => [split.payer_id, split.amount]));

describe('PUT /api/billing/households/{household_id}/payers/{payer_id}/split', () => {
  it('sets a percentage or fixed share, the rest on the primary; the family sees the shares and the next generation bills them', async () => {
    const { householdId, primary, second } = await householdWithTwoPayers();
    const percent = await call(world, 'PUT', splitPath(householdId, second.id), {
      token: world.tokens.demo,
      body: { split_type: 'percentage', value: 40 },
    });
    expect(percent.status).toBe(200);
    expect(sharesOf(percent.body)).toEqual({ [primary.id]: 177, [second.id]: 118 });

    // Setting it again replaces the share rather than adding to it.
    const fixed = await call(world, 'PUT', splitPath(householdId, second.id), {
      token: world.tokens.demo,
      body: { split_type: 'fixed', value: 200 },
    });
    expect(sharesOf(fixed.body)).toEqual({ [primary.id]: 95, [second.id]: 200 });
    expect(
      fixed.body.allocations.every(
        (allocation: { payer_id: string; split_type: string }) => allocation.payer_id === second.id && allocation.split_type === 'fixed',
      ),
    ).toBe(true);

    const family = (await call(world, 'GET', '/trpc/billing.myHouseholds', { token: world.tokens.parent })).body.result.data;
    const mine = family.find((household: { id: string }) => household.id === householdId);
    expect(sharesOf(mine)).toEqual({ [primary.id]: 95, [second.id]: 200 });

    const generated = await call(world, 'POST', '/api/billing/generate', { token: world.tokens.demo });
    const billed = Object.fromEntries(
      generated.body.invoices
        .filter((invoice: { household_id: string }) => invoice.household_id === householdId)
        .map((invoice: { payer_id: string; amount: number }) => [invoice.payer_id, invoice.amount]),
    );
    expect(billed).toEqual({ [primary.id]: 95, [second.id]: 200 });

    const rows = await world.transport.db
      .fork()
      .execute<{ details: { split: unknown } }[]>(
        "select details from transport_audit_log where action = 'payer.split' and household_id = ? order by created_at",
        [householdId],
      );
    expect(rows.map((row) => row.details.split)).toEqual([
      { split_type: 'percentage', value: 40 },
      { split_type: 'fixed', value: 200 },
    ]);

    // Zero gives everything back to the primary payer.
    const none = await call(world, 'PUT', splitPath(householdId, second.id), {
      token: world.tokens.demo,
      body: { split_type: 'percentage', value: 0 },
    });
    expect(sharesOf(none.body)).toEqual({ [primary.id]: 295, [second.id]: 0 });
  });

  it('refuses the primary payer (409), bad values (400 naming value), another tenant (404), parents (403) and strangers (401), changing nothing', async () => {
    const { householdId, primary, second } = await householdWithTwoPayers();
    const before = await snapshot(world);
    const primaryAnswer = await call(world, 'PUT', splitPath(householdId, primary.id), {
      token: world.tokens.demo,
      body: { split_type: 'percentage', value: 10 },
    });
    expect(primaryAnswer.status).toBe(409);
    for (const body of [
      { split_type: 'percentage', value: 101 },
      { split_type: 'fixed', value: -5 },
      { split_type: 'fixed', value: 12.345 },
    ]) {
      const refused = await call(world, 'PUT', splitPath(householdId, second.id), { token: world.tokens.demo, body });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body.detail)).toContain('value');
    }
    expect(
      (
        await call(world, 'PUT', splitPath(householdId, second.id), {
          token: world.tokens.demo,
          body: { split_type: 'per_child', value: 1 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(world, 'PUT', splitPath(householdId, second.id), {
          token: world.tokens.acme,
          body: { split_type: 'percentage', value: 10 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(world, 'PUT', splitPath(householdId, 'no-such-payer'), {
          token: world.tokens.demo,
          body: { split_type: 'percentage', value: 10 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(world, 'PUT', splitPath(householdId, second.id), {
          token: world.tokens.parent,
          body: { split_type: 'percentage', value: 10 },
        })
      ).status,
    ).toBe(403);
    expect((await call(world, 'PUT', splitPath(householdId, second.id), { body: { split_type: 'percentage', value: 10 } })).status).toBe(
      401,
    );
    expect(await snapshot(world)).toBe(before);
    const allocations = await world.transport.db
      .fork()
      .execute('select id from transport_billing_allocation where household_id = ?', [householdId]);
    expect(allocations).toEqual([]);
  });
});
