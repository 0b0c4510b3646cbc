import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, register, registerApproved, snapshot, startBillingWorld, type BillingWorld } from './billing-support.ts';

let world: BillingWorld;
const WEDNESDAY = new Date('2026-11-25T15:00:00Z');

beforeAll(async () => {
  world = await startBillingWorld();
  world.transport.setNow(WEDNESDAY);
});
afterAll(async () => {
  await world?.close();
});

/** A tenant of its own per test, since generating bills the whole tenant. */
let tenantSequence = 0;
const freshTenant = async () => {
  tenantSequence += 1;
  const id = `bill-${tenantSequence}`;
  await world.transport.db.fork().execute('insert into transport_tenant (id, name) values (?, ?)', [id, `Billing ${tenantSequence}`]);

  return { id, token: world.identity.addUser({ appRole: 'operator', appTenant: id }) };
};

const householdDetail = async (token: string, householdId: string) =>
  (await call(world, 'GET', `/api/billing/households/${householdId}`, { token })).body;

describe('POST /api/billing/generate', () => {
  it('creates one draft invoice per payer with a share for the current Monday-Sunday cycle, once', async () => {
    const tenant = await freshTenant();
    const created = await registerApproved(world, tenant.token, {
      tenant: tenant.id,
      first_pickup_date: '2026-11-23',
      parent2: { name: 'Co Payer', email: 'co@family.test' },
    });
    const detail = await householdDetail(tenant.token, created.household_id);
    const [primary, second] = detail.payers;
    await call(world, 'POST', `/api/billing/households/${created.household_id}/payers`, {
      token: tenant.token,
      body: {
        name: 'Aunt',
        email: 'aunt@family.test',
        allocation: { child_id: detail.children[0].id, split_type: 'percentage', value: 40 },
      },
    });
    const answer = await call(world, 'POST', '/api/billing/generate', { token: tenant.token });
    expect(answer.status).toBe(200);
    expect(answer.body.cycle_start).toBe('2026-11-23');
    expect(answer.body.cycle_end).toBe('2026-11-29');
    // 40 % of 175.00 = 70.00 to the aunt; the co-payer has no allocation and no invoice.
    expect(answer.body.invoices).toHaveLength(2);
    const byPayer = Object.fromEntries(answer.body.invoices.map((invoice: { payer_id: string }) => [invoice.payer_id, invoice]));
    expect(byPayer[primary.id]).toMatchObject({
      household_id: created.household_id,
      kind: 'transportation',
      status: 'draft',
      amount: 225,
      amount_paid: 0,
      provider: 'none',
      cycle_start: '2026-11-23',
      cycle_end: '2026-11-29',
    });
    expect(byPayer[second.id]).toBeUndefined();
    const total = answer.body.invoices.reduce((sum: number, invoice: { amount: number }) => sum + invoice.amount, 0);
    expect(total).toBe(295);
    const again = await call(world, 'POST', '/api/billing/generate', { token: tenant.token });
    expect(again.body.invoices).toEqual([]);
    const count = await world.transport.db
      .fork()
      .execute<{ n: number }[]>("select count(*)::int as n from transport_invoice where household_id = ? and kind = 'transportation'", [
        created.household_id,
      ]);
    expect(count[0]?.n).toBe(2);
    expect(world.transport.smtp.messages.some((mail) => mail.to.includes('aunt@family.test'))).toBe(false);
  });

  it('bills only the caller tenant, and a new week is a new cycle', async () => {
    const tenant = await freshTenant();
    const other = await freshTenant();
    const mine = await registerApproved(world, tenant.token, { tenant: tenant.id, first_pickup_date: '2026-11-23' });
    const theirs = await registerApproved(world, other.token, { tenant: other.id, first_pickup_date: '2026-11-23' });
    const answer = await call(world, 'POST', '/api/billing/generate', { token: tenant.token });
    expect(answer.body.invoices.map((invoice: { household_id: string }) => invoice.household_id)).toEqual([mine.household_id]);
    const theirsCount = await world.transport.db
      .fork()
      .execute<{ n: number }[]>("select count(*)::int as n from transport_invoice where household_id = ? and kind = 'transportation'", [
        theirs.household_id,
      ]);
    expect(theirsCount[0]?.n).toBe(0);
    world.transport.setNow(new Date('2026-11-30T00:00:00Z'));
    try {
      const next = await call(world, 'POST', '/api/billing/generate', { token: tenant.token });
      expect(next.body).toMatchObject({ cycle_start: '2026-11-30', cycle_end: '2026-12-06' });
      expect(next.body.invoices).toHaveLength(1);
    } finally {
      world.transport.setNow(WEDNESDAY);
    }
  });

  it('bills each payer once when two generate calls race', async () => {
    const tenant = await freshTenant();
    const created = await registerApproved(world, tenant.token, { tenant: tenant.id, first_pickup_date: '2026-11-23' });
    const answers = await Promise.all([1, 2, 3].map(() => call(world, 'POST', '/api/billing/generate', { token: tenant.token })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.flatMap((answer) => answer.body.invoices)).toHaveLength(1);
    const count = await world.transport.db
      .fork()
      .execute<{ n: number }[]>("select count(*)::int as n from transport_invoice where household_id = ? and kind = 'transportation'", [
        created.household_id,
      ]);
    expect(count[0]?.n).toBe(1);
  });

  it('never bills a household whose registration was rejected', async () => {
    const tenant = await freshTenant();
    const kept = await registerApproved(world, tenant.token, { tenant: tenant.id, first_pickup_date: '2026-11-26' });
    const rejected = await registerApproved(world, tenant.token, { tenant: tenant.id, first_pickup_date: '2026-11-26' });
    await call(world, 'PUT', `/api/registrations/${rejected.household_id}/reject`, { token: tenant.token });
    const generated = await call(world, 'POST', '/api/billing/generate', { token: tenant.token });
    expect(generated.body.invoices.map((invoice: { household_id: string }) => invoice.household_id)).toEqual([kept.household_id]);
    await world.transport.db
      .fork()
      .execute("delete from transport_invoice where kind = 'transportation' and household_id = ?", [kept.household_id]);
    const due = await call(world, 'POST', '/api/billing/generate-due', { token: tenant.token });
    expect(due.body.generated.map((invoice: { household_id: string }) => invoice.household_id)).toEqual([kept.household_id]);
    expect(due.body.skipped).toEqual([]);
    const detail = await call(world, 'GET', `/api/billing/households/${rejected.household_id}`, { token: tenant.token });
    expect(detail.body.registration_status).toBe('rejected');
  });

  it('answers 401 and 403 and changes nothing', async () => {
    await register(world);
    const before = await snapshot(world);
    expect((await call(world, 'POST', '/api/billing/generate')).status).toBe(401);
    expect((await call(world, 'POST', '/api/billing/generate', { token: world.tokens.parent })).status).toBe(403);
    expect((await call(world, 'POST', '/api/billing/generate-due', { token: world.tokens.parent })).status).toBe(403);
    expect(await snapshot(world)).toBe(before);
  });
});

describe('POST /api/billing/generate-due', () => {
  it('generates and emails the first invoice of households due within five days or past, skipping billed ones', async () => {
    const tenant = await freshTenant();
    const soon = await registerApproved(world, tenant.token, {
      tenant: tenant.id,
      first_pickup_date: '2026-11-30',
      parent: { name: 'Sue Soon', email: 'sue@family.test' },
    });
    const past = await registerApproved(world, tenant.token, {
      tenant: tenant.id,
      first_pickup_date: '2026-10-01',
      parent: { name: 'Paul Past', email: 'paul@family.test' },
      parent2: { name: 'No Mail' },
    });
    const later = await registerApproved(world, tenant.token, { tenant: tenant.id, first_pickup_date: '2026-12-01' });
    const unknown = await registerApproved(world, tenant.token, { tenant: tenant.id, first_pickup_date: null });
    const billed = await registerApproved(world, tenant.token, { tenant: tenant.id, first_pickup_date: '2026-11-20' });
    // An earlier invoice of `billed` that went out makes it skipped; generate bills everyone in service, so the others lose theirs again.
    await call(world, 'POST', '/api/billing/generate', { token: tenant.token });
    await world.transport.db
      .fork()
      .execute("delete from transport_invoice where kind = 'transportation' and household_id <> ?", [billed.household_id]);
    await world.transport.db
      .fork()
      .execute("update transport_invoice set status = 'sent' where kind = 'transportation' and household_id = ?", [billed.household_id]);

    const answer = await call(world, 'POST', '/api/billing/generate-due', { token: tenant.token });
    expect(answer.status).toBe(200);
    expect(answer.body.date).toBe('2026-11-25');
    expect(answer.body.skipped).toEqual([billed.household_id]);
    const households = answer.body.generated.map((invoice: { household_id: string }) => invoice.household_id).sort();
    expect(households).toEqual([soon.household_id, past.household_id].sort());
    expect(
      answer.body.generated.every((invoice: { status: string; amount: number }) => invoice.status === 'sent' && invoice.amount === 295),
    ).toBe(true);
    expect(answer.body.emailed.map((entry: { email: string }) => entry.email).sort()).toEqual(['paul@family.test', 'sue@family.test']);
    // Sue's first pickup is next Monday: her first week is that one, never this week before it.
    const sue = answer.body.generated.find((invoice: { household_id: string }) => invoice.household_id === soon.household_id);
    expect(sue).toMatchObject({ cycle_start: '2026-11-30', cycle_end: '2026-12-06', school_days: null });
    const paul = answer.body.generated.find((invoice: { household_id: string }) => invoice.household_id === past.household_id);
    expect(paul).toMatchObject({ cycle_start: '2026-11-23', cycle_end: '2026-11-29' });
    const mail = await world.transport.smtp.waitFor(
      (message) => message.to.includes('sue@family.test') && message.subject.includes('invoice'),
    );
    expect(mail.subject).toContain('2026-11-30');
    expect(mail.text).toContain('$295.00');
    for (const id of [later.household_id, unknown.household_id]) {
      expect(answer.body.generated.some((invoice: { household_id: string }) => invoice.household_id === id)).toBe(false);
      expect(answer.body.skipped).not.toContain(id);
    }
    const again = await call(world, 'POST', '/api/billing/generate-due', { token: tenant.token });
    expect(again.body.generated).toEqual([]);
    expect(again.body.skipped.sort()).toEqual([soon.household_id, past.household_id, billed.household_id].sort());
  });

  it('answers 401 without a token and changes nothing', async () => {
    const tenant = await freshTenant();
    await registerApproved(world, tenant.token, { tenant: tenant.id, first_pickup_date: '2026-11-26' });
    const before = await snapshot(world);
    const mailsBefore = world.transport.smtp.messages.length;
    expect(await call(world, 'POST', '/api/billing/generate-due')).toEqual({ status: 401, body: { detail: 'Invalid token' } });
    expect(await call(world, 'POST', '/api/billing/generate-due', { token: 'forged' })).toEqual({
      status: 401,
      body: { detail: 'Invalid token' },
    });
    expect(await snapshot(world)).toBe(before);
    expect(world.transport.smtp.messages.length).toBe(mailsBefore);
  });

  it("bills and mails only the caller's tenant, whatever tenant the request names", async () => {
    const tenant = await freshTenant();
    const other = await freshTenant();
    const mine = await registerApproved(world, tenant.token, {
      tenant: tenant.id,
      first_pickup_date: '2026-11-26',
      parent: { name: 'Mo Mine', email: 'mo-mine@family.test' },
    });
    const theirs = await registerApproved(world, other.token, {
      tenant: other.id,
      first_pickup_date: '2026-11-26',
      parent: { name: 'Tia Theirs', email: 'tia-theirs@family.test' },
    });
    for (const path of ['/api/billing/generate-due', `/${other.id}/api/billing/generate-due`]) {
      const answer = await call(world, 'POST', path, { token: tenant.token, headers: { 'X-Tenant-Id': other.id } });
      expect(answer.status, path).toBe(200);
      for (const invoice of answer.body.generated) {
        expect(invoice.household_id, path).toBe(mine.household_id);
      }
      expect(answer.body.skipped, path).not.toContain(theirs.household_id);
    }
    const theirsCount = await world.transport.db
      .fork()
      .execute<{ n: number }[]>("select count(*)::int as n from transport_invoice where household_id = ? and kind = 'transportation'", [
        theirs.household_id,
      ]);
    expect(theirsCount[0]?.n).toBe(0);
    expect(
      world.transport.smtp.messages.some((message) => message.to.includes('tia-theirs@family.test') && message.subject.includes('invoice')),
    ).toBe(false);
  });

  it('keeps an invoice as draft when its mail cannot be sent', async () => {
    const tenant = await freshTenant();
    const created = await registerApproved(world, tenant.token, { tenant: tenant.id, first_pickup_date: '2026-11-26' });
    world.transport.smtp.refuseMail(true);
    try {
      const answer = await call(world, 'POST', '/api/billing/generate-due', { token: tenant.token });
      expect(answer.body.generated).toEqual([expect.objectContaining({ household_id: created.household_id, status: 'draft' })]);
      expect(answer.body.emailed).toEqual([]);
    } finally {
      world.transport.smtp.refuseMail(false);
    }
  });
});

describe('GET /api/billing/outstanding', () => {
  it('sums unpaid, partial and sent invoices per household and payer, amount minus paid', async () => {
    const tenant = await freshTenant();
    const created = await register(world, {
      tenant: tenant.id,
      first_pickup_date: '2026-11-23',
      parent: { name: 'Olive Owing', email: 'olive@family.test' },
    });
    const quiet = await register(world, { tenant: tenant.id, first_pickup_date: '2027-03-01' });
    await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: tenant.token });
    const due = await call(world, 'POST', '/api/billing/generate-due', { token: tenant.token });
    expect(due.body.generated).toHaveLength(1);
    let answer = await call(world, 'GET', '/api/billing/outstanding', { token: tenant.token });
    expect(answer.status).toBe(200);
    const primary = (await householdDetail(tenant.token, created.household_id)).payers[0];
    expect(answer.body).toEqual([
      {
        household_id: created.household_id,
        household_name: 'Olive Owing',
        total_outstanding: 345,
        credit: 0,
        net_outstanding: 345,
        payers: [{ payer_id: primary.id, name: 'Olive Owing', email: 'olive@family.test', outstanding: 345, invoice_count: 2 }],
      },
    ]);
    await world.transport.db
      .fork()
      .execute(
        "update transport_invoice set status = 'partial', amount_paid_cents = 10050 where household_id = ? and kind = 'transportation'",
        [created.household_id],
      );
    await world.transport.db
      .fork()
      .execute("update transport_invoice set status = 'paid', amount_paid_cents = 5000 where household_id = ? and kind = 'registration'", [
        created.household_id,
      ]);
    answer = await call(world, 'GET', '/api/billing/outstanding', { token: tenant.token });
    expect(answer.body[0].total_outstanding).toBe(194.5);
    expect(answer.body.some((row: { household_id: string }) => row.household_id === quiet.household_id)).toBe(false);
    const demo = await call(world, 'GET', '/api/billing/outstanding', { token: world.tokens.demo });
    expect(demo.body.some((row: { household_id: string }) => row.household_id === created.household_id)).toBe(false);
    expect((await call(world, 'GET', '/api/billing/outstanding')).status).toBe(401);
  });

  it('leaves out a household once its registration is rejected, and voids what it was asked to pay', async () => {
    const tenant = await freshTenant();
    const rita = await register(world, {
      tenant: tenant.id,
      first_pickup_date: '2026-11-23',
      parent: { name: 'Rita Rejected', email: 'rita@family.test' },
    });
    const paula = await register(world, {
      tenant: tenant.id,
      first_pickup_date: '2026-11-23',
      parent: { name: 'Paula Partial', email: 'paula@family.test' },
    });
    for (const created of [rita, paula]) {
      expect((await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: tenant.token })).status).toBe(200);
    }
    expect((await call(world, 'POST', '/api/billing/generate-due', { token: tenant.token })).body.generated).toHaveLength(2);
    const em = world.transport.db.fork();
    // Paula paid part of her week: money was taken, so that invoice keeps its state.
    await em.execute(
      "update transport_invoice set status = 'partial', amount_paid_cents = 10050 where household_id = ? and kind = 'transportation'",
      [paula.household_id],
    );
    const owing = (await call(world, 'GET', '/api/billing/outstanding', { token: tenant.token })).body;
    expect(
      owing.map((row: { household_id: string; total_outstanding: number }) => [row.household_id, row.total_outstanding]).sort(),
    ).toEqual(
      [
        [rita.household_id, 345],
        [paula.household_id, 244.5],
      ].sort(),
    );

    for (const created of [rita, paula]) {
      expect((await call(world, 'PUT', `/api/registrations/${created.household_id}/reject`, { token: tenant.token })).status).toBe(200);
    }
    expect(await call(world, 'GET', '/api/billing/outstanding', { token: tenant.token })).toEqual({ status: 200, body: [] });
    const states = async (householdId: string) =>
      em.execute<{ kind: string; status: string }[]>('select kind, status from transport_invoice where household_id = ? order by kind', [
        householdId,
      ]);
    expect(await states(rita.household_id)).toEqual([
      { kind: 'registration', status: 'void' },
      { kind: 'transportation', status: 'void' },
    ]);
    expect(await states(paula.household_id)).toEqual([
      { kind: 'registration', status: 'void' },
      { kind: 'transportation', status: 'partial' },
    ]);

    // Approving again asks for the registration fee again; the weeks voided stay void.
    expect((await call(world, 'PUT', `/api/registrations/${rita.household_id}/approve`, { token: tenant.token })).body.email_sent).toBe(
      true,
    );
    expect(await states(rita.household_id)).toEqual([
      { kind: 'registration', status: 'sent' },
      { kind: 'transportation', status: 'void' },
    ]);
    const again = (await call(world, 'GET', '/api/billing/outstanding', { token: tenant.token })).body;
    expect(again).toEqual([expect.objectContaining({ household_id: rita.household_id, total_outstanding: 50 })]);
  });

  it('answers 403 to a parent and to an operator of no tenant, and 401 without a token', async () => {
    expect(await call(world, 'GET', '/api/billing/outstanding', { token: world.tokens.parent })).toEqual({
      status: 403,
      body: { detail: 'Forbidden' },
    });
    const loose = world.identity.addUser({ appRole: 'operator' });
    expect(await call(world, 'GET', '/api/billing/outstanding', { token: loose })).toEqual({ status: 403, body: { detail: 'Forbidden' } });
    expect(await call(world, 'GET', '/api/billing/outstanding', { token: loose, headers: { 'X-Tenant-Id': 'demo' } })).toEqual({
      status: 403,
      body: { detail: 'Forbidden' },
    });
    expect(await call(world, 'GET', '/api/billing/outstanding')).toEqual({ status: 401, body: { detail: 'Invalid token' } });
  });
});
