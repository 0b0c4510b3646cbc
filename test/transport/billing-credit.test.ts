import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerApproved, snapshot, startBillingWorld, type BillingWorld } from './billing-support.ts';

let world: BillingWorld;
const WEDNESDAY = new Date('2026-11-25T15:00:00Z');
const NEXT_WEDNESDAY = new Date('2026-12-02T15:00:00Z');

beforeAll(async () => {
  world = await startBillingWorld();
  world.transport.setNow(WEDNESDAY);
});
afterAll(async () => {
  await world?.close();
});

let sequence = 0;
/** A tenant of its own with one approved household whose 295.00 week was sent and paid 300.00 by cheque, the excess kept as credit. */
const overpaid = async () => {
  sequence += 1;
  const tenant = `credit-${sequence}`;
  await world.transport.db.fork().execute('insert into transport_tenant (id, name) values (?, ?)', [tenant, `Credit Buses ${sequence}`]);
  const token = world.identity.addUser({ email: `ops@${tenant}.test`, appRole: 'operator', appTenant: tenant });
  world.transport.setNow(new Date(WEDNESDAY.getTime() - 3_600_000));
  const created = await registerApproved(world, token, { tenant, first_pickup_date: '2026-11-23' }).finally(() =>
    world.transport.setNow(WEDNESDAY),
  );
  const generated = await call(world, 'POST', '/api/billing/generate', { token });
  const invoice = generated.body.invoices.find((item: { household_id: string }) => item.household_id === created.household_id);
  await call(world, 'POST', `/api/billing/invoices/${invoice.id}/send`, { token });
  const paid = await call(world, 'POST', `/api/billing/invoices/${invoice.id}/payments`, {
    token,
    body: { amount: 300, method: 'check', reference: '501', excess_as_credit: true },
  });
  expect(paid.status).toBe(201);

  return { tenant, token, householdId: created.household_id, invoiceId: invoice.id as string };
};

const graphqlSummary = async (token: string) => {
  const response = await fetch(`${world.transport.url}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ billingSummary { outstandingCents creditCents creditDisplay netOutstandingCents } }' }),
  });
  const body = (await response.json()) as { data?: { billingSummary: Record<string, unknown> }; errors?: unknown };
  expect(body.errors).toBeUndefined();

  return body.data?.billingSummary;
};

describe('household credit', () => {
  it('keeps an overpayment for the household, shown on its credit, the credits line and the outstanding list', async () => {
    const { token, householdId, invoiceId } = await overpaid();
    const credit = await call(world, 'GET', `/api/billing/households/${householdId}/credit`, { token });
    expect(credit.body).toEqual({
      household_id: householdId,
      credit: 5,
      entries: [
        {
          id: expect.any(String),
          amount: 5,
          kind: 'overpayment',
          invoice_id: invoiceId,
          payment_id: expect.any(String),
          note: null,
          occurred_at: WEDNESDAY.toISOString(),
          recorded_by: expect.stringMatching(/^ops@/),
        },
      ],
    });
    expect((await call(world, 'GET', '/api/billing/credits', { token })).body).toEqual({
      total_credit: 5,
      households: [{ household_id: householdId, household_name: expect.any(String), credit: 5 }],
    });
    // Only the 50.00 registration fee is still owed; the credit counts against it.
    const outstanding = await call(world, 'GET', '/api/billing/outstanding', { token });
    expect(outstanding.body).toEqual([
      expect.objectContaining({ household_id: householdId, total_outstanding: 50, credit: 5, net_outstanding: 45 }),
    ]);
    const receipt = await world.transport.smtp.waitFor(
      (message) => message.text.includes(`Invoice: ${invoiceId}`) && message.subject.includes('receipt'),
    );
    expect(receipt.text).toContain('$5.00 was more than was owed and is kept as credit for your household');
    expect(await graphqlSummary(token)).toEqual({
      outstandingCents: 5000,
      creditCents: 500,
      creditDisplay: '$5.00',
      netOutstandingCents: 4500,
    });
  });

  it("applies the credit to the household's next invoice, which says so", async () => {
    const { token, householdId } = await overpaid();
    world.transport.setNow(NEXT_WEDNESDAY);
    try {
      const generated = await call(world, 'POST', '/api/billing/generate', { token });
      const next = generated.body.invoices.find((item: { household_id: string }) => item.household_id === householdId);
      expect(next).toMatchObject({ amount: 295, amount_paid: 5, cycle_start: '2026-11-30' });
      const detail = await call(world, 'GET', `/api/billing/invoices/${next.id}`, { token });
      expect(detail.body).toMatchObject({ amount: 295, amount_paid: 5, credit_applied: 5, balance: 290, payments: [] });
      const credit = await call(world, 'GET', `/api/billing/households/${householdId}/credit`, { token });
      expect(credit.body.credit).toBe(0);
      expect(credit.body.entries.map((entry: { kind: string; amount: number }) => [entry.kind, entry.amount])).toEqual([
        ['overpayment', 5],
        ['applied', -5],
      ]);
      expect((await call(world, 'GET', '/api/billing/credits', { token })).body).toEqual({ total_credit: 0, households: [] });
      // Voiding that invoice gives the credit back to the household.
      const voided = await call(world, 'POST', `/api/billing/invoices/${next.id}/void`, { token, body: { reason: 'Holiday week' } });
      expect(voided.status).toBe(200);
      expect(voided.body).toMatchObject({ status: 'void', amount_paid: 0, credit_applied: 0 });
      expect((await call(world, 'GET', `/api/billing/households/${householdId}/credit`, { token })).body.credit).toBe(5);
    } finally {
      world.transport.setNow(WEDNESDAY);
    }
  });

  it('is paid back by a refund, never more than there is, audited', async () => {
    const { tenant, token, householdId } = await overpaid();
    const refunded = await call(world, 'POST', `/api/billing/households/${householdId}/refunds`, {
      token,
      body: { amount: 3, note: 'Cheque 88 returned to the family', refunded_at: '2026-11-25' },
    });
    expect(refunded.status).toBe(201);
    expect(refunded.body.credit).toBe(2);
    expect(refunded.body.entries.at(-1)).toMatchObject({
      amount: -3,
      kind: 'refund',
      note: 'Cheque 88 returned to the family',
      occurred_at: '2026-11-25T12:00:00.000Z',
    });
    const before = await snapshot(world);
    const tooMuch = await call(world, 'POST', `/api/billing/households/${householdId}/refunds`, {
      token,
      body: { amount: 2.01, note: 'too much' },
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.detail).toContain('credit of 2.00');
    expect((await call(world, 'GET', `/api/billing/households/${householdId}/credit`, { token })).body.credit).toBe(2);
    expect(await snapshot(world)).toBe(before);
    const audit = await world.transport.db
      .fork()
      .execute<{ action: string; details: Record<string, unknown> }[]>(
        "select action, details from transport_audit_log where tenant_id = ? and action = 'credit.refund'",
        [tenant],
      );
    expect(audit).toEqual([{ action: 'credit.refund', details: expect.objectContaining({ amount: 3, credit: { from: 5, to: 2 } }) }]);
  });

  it('answers 400 to bad refunds, 404 to another tenant and 403 to a parent, changing nothing', async () => {
    const { token, householdId } = await overpaid();
    const other = await overpaid();
    const entries = async () => (await call(world, 'GET', `/api/billing/households/${householdId}/credit`, { token })).body.entries.length;
    const count = await entries();
    for (const [body, field] of [
      [{ amount: 0, note: 'x' }, null],
      [{ amount: 1.234, note: 'x' }, null],
      [{ amount: 1 }, null],
      [{ amount: 1, note: '   ' }, null],
      [{ amount: 1, note: 'x', method: 'cash' }, null],
      [{ amount: 1, note: 'x', refunded_at: '9999-12-31' }, 'refunded_at: must not be after today'],
      [{ amount: 1, note: 'x', refunded_at: '1970-01-01' }, 'refunded_at: must not be before the credit was received'],
      [{ amount: 1, note: 'x', refunded_at: '2026-02-30' }, null],
    ] as const) {
      const answer = await call(world, 'POST', `/api/billing/households/${householdId}/refunds`, { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (field) {
        expect(answer.body.detail).toContain(field);
      }
    }
    expect(await entries()).toBe(count);
    expect(
      (await call(world, 'POST', `/api/billing/households/${householdId}/refunds`, { token: other.token, body: { amount: 1, note: 'x' } }))
        .status,
    ).toBe(404);
    expect((await call(world, 'GET', `/api/billing/households/${householdId}/credit`, { token: other.token })).status).toBe(404);
    expect(
      (
        await call(world, 'POST', `/api/billing/households/${householdId}/refunds`, {
          token: world.tokens.parent,
          body: { amount: 1, note: 'x' },
        })
      ).status,
    ).toBe(403);
    expect((await call(world, 'GET', '/api/billing/credits', { token: world.tokens.parent })).status).toBe(403);
    expect(await entries()).toBe(count);
  });

  it('is documented in the OpenAPI document', async () => {
    const document = (await call(world, 'GET', '/api/openapi.json')).body;
    expect(document.paths['/api/billing/households/{household_id}/credit']?.get).toBeDefined();
    expect(
      document.paths['/api/billing/households/{household_id}/refunds']?.post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('note');
    expect(document.paths['/api/billing/credits']?.get.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'total_credit',
    );
    expect(
      document.paths['/api/billing/outstanding'].get.responses['200'].content['application/json'].schema.items.properties,
    ).toHaveProperty('net_outstanding');
  });
});
