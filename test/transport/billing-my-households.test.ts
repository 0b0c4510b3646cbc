import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, register, startBillingWorld, type BillingWorld } from './billing-support.ts';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

const myHouseholds = (token?: string) => call(world, 'GET', '/trpc/billing.myHouseholds', { token });

describe("a parent's own households (tRPC billing.myHouseholds)", () => {
  it('is empty before the parent registers a household', async () => {
    const answer = await myHouseholds(world.tokens.parent);
    expect(answer.status).toBe(200);
    expect(answer.body.result.data).toEqual([]);
  });

  it('lists the households the parent submitted signed in, with children, payers and invoices', async () => {
    const signedIn = { authorization: `Bearer ${world.tokens.parent}` };
    const own = await register(world, { parent: { name: 'Pat Parent', email: 'Parent@Demo.test' } }, signedIn);
    await register(world);
    // The same email, sent without the account: not the account's household.
    await register(world, { parent: { name: 'Pat Anonymous', email: 'parent@demo.test' } });
    // Another tenant's registration is never recorded as a demo account's.
    await register(world, { tenant: 'acme', parent: { name: 'Pat Elsewhere', email: 'parent@demo.test' } }, signedIn);
    const before = (await myHouseholds(world.tokens.parent)).body.result.data;
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({
      id: own.household_id,
      name: 'Pat Parent',
      registration_status: 'pending',
      weekly_total: 295,
      total_outstanding: 0,
    });
    expect(before[0].children.map((child: { rate_weekly: number }) => child.rate_weekly)).toEqual([175, 120]);
    expect(before[0].payers).toMatchObject([{ email: 'parent@demo.test', is_primary: true }]);
    expect(before[0].invoices).toMatchObject([
      { id: own.registration_fee_invoice_id, kind: 'registration', status: 'pending', amount: 50, outstanding: 0 },
    ]);

    expect((await call(world, 'PUT', `/api/registrations/${own.household_id}/approve`, { token: world.tokens.demo })).status).toBe(200);
    const after = (await myHouseholds(world.tokens.parent)).body.result.data;
    expect(after[0]).toMatchObject({ registration_status: 'approved', total_outstanding: 50, credit: 0 });
    expect(after[0].invoices[0]).toMatchObject({ status: 'sent', outstanding: 50 });

    // Paid 60.00 on the 50.00 fee, the excess kept: the family sees its credit.
    const paid = await call(world, 'POST', `/api/billing/invoices/${own.registration_fee_invoice_id}/payments`, {
      token: world.tokens.demo,
      body: { amount: 60, method: 'cash', excess_as_credit: true },
    });
    expect(paid.status).toBe(201);
    const credited = (await myHouseholds(world.tokens.parent)).body.result.data;
    expect(credited[0]).toMatchObject({ total_outstanding: 0, credit: 10 });
  });

  it('shows nothing of other families to another parent, even one signed up with their email', async () => {
    const other = world.identity.addUser({ email: 'someone@demo.test', role: 'parent', tenant_id: 'demo' });
    expect((await myHouseholds(other)).body.result.data).toEqual([]);
    const sameEmail = world.identity.addUser({ email: 'parent@demo.test', role: 'parent', tenant_id: 'demo' });
    expect((await myHouseholds(sameEmail)).body.result.data).toEqual([]);
    // A token that does not check out leaves the registration anonymous rather than refusing it.
    const anonymous = await register(world, {}, { authorization: 'Bearer not-a-real-token' });
    expect(anonymous.household_id).toBeTruthy();
    const roleless = world.identity.addUser({ email: 'parent@demo.test', tenant_id: 'demo' });
    expect((await myHouseholds(roleless)).status).toBe(403);
    expect((await myHouseholds()).status).toBe(401);
  });
});
