import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, register, registerApproved, snapshot, startBillingWorld, type BillingWorld } from './billing-support.ts';

/** No week is billed before service; the week of a first pickup after Monday is billed pro rata; days are the tenant's. */

let world: BillingWorld;
const THURSDAY = new Date('2026-11-26T15:00:00Z');
const MONDAY = new Date('2026-11-30T15:00:00Z');

beforeAll(async () => {
  world = await startBillingWorld();
  world.transport.setNow(THURSDAY);
});
afterAll(async () => {
  await world?.close();
});

let tenantSequence = 0;
const freshTenant = async (timeZone = 'UTC') => {
  tenantSequence += 1;
  const id = `gen-${tenantSequence}`;
  await world.transport.db
    .fork()
    .execute('insert into transport_tenant (id, name, time_zone) values (?, ?, ?)', [id, `Generation ${tenantSequence}`, timeZone]);

  return { id, token: world.identity.addUser({ appRole: 'operator', appTenant: id }) };
};

const at = async <T>(now: Date, work: () => Promise<T>): Promise<T> => {
  world.transport.setNow(now);
  try {
    return await work();
  } finally {
    world.transport.setNow(THURSDAY);
  }
};

const transportInvoices = (householdId: string) =>
  world.transport.db
    .fork()
    .execute<
      { id: string; status: string; amount_cents: number; cycle_start: string; school_days: number | null; void_reason: string | null }[]
    >(
      "select id, status, amount_cents, cycle_start::text as cycle_start, school_days, void_reason from transport_invoice where household_id = ? and kind = 'transportation' order by cycle_start, amount_cents desc",
      [householdId],
    );

describe('no week is billed before service', () => {
  it('bills nothing for the week before a Monday first pickup, and that whole week once it comes', async () => {
    const tenant = await freshTenant();
    const monday = await registerApproved(world, tenant.token, { tenant: tenant.id, first_pickup_date: '2026-11-30' });
    const thisWeek = await call(world, 'POST', '/api/billing/generate', { token: tenant.token });
    expect(thisWeek.status).toBe(200);
    expect(thisWeek.body).toMatchObject({ cycle_start: '2026-11-23', cycle_end: '2026-11-29', invoices: [] });
    expect(await transportInvoices(monday.household_id)).toEqual([]);

    const nextWeek = await at(MONDAY, () => call(world, 'POST', '/api/billing/generate', { token: tenant.token }));
    expect(nextWeek.body.invoices).toEqual([
      expect.objectContaining({
        household_id: monday.household_id,
        amount: 295,
        school_days: null,
        cycle_start: '2026-11-30',
        currency: 'USD',
      }),
    ]);
  });

  it('bills 3/5 of the week of a Wednesday first pickup, split between payers to the cent, and says so in the mail', async () => {
    const tenant = await freshTenant();
    const created = await registerApproved(world, tenant.token, {
      tenant: tenant.id,
      first_pickup_date: '2026-12-02',
      parent: { name: 'Wanda Wednesday', email: 'wanda@family.test' },
      parent2: { name: 'Walt Wednesday', email: 'walt@family.test' },
    });
    const detail = (await call(world, 'GET', `/api/billing/households/${created.household_id}`, { token: tenant.token })).body;
    const [primary, second] = detail.payers;
    // Walt pays 33.33 % of the two-way child (175.00): 58.32 a full week.
    const allocated = await call(world, 'POST', `/api/billing/households/${created.household_id}/payers/${second.id}/allocations`, {
      token: tenant.token,
      body: { allocation: { child_id: detail.children[0].id, split_type: 'percentage', value: 33.33 } },
    });
    expect(allocated.status).toBe(201);

    const generated = await at(MONDAY, () => call(world, 'POST', '/api/billing/generate', { token: tenant.token }));
    expect(generated.status).toBe(200);
    const byPayer = Object.fromEntries(generated.body.invoices.map((invoice: { payer_id: string }) => [invoice.payer_id, invoice]));
    // 295.00 a week, three school days of five: 177.00; Walt 58.32 * 3/5 = 34.99 (rounded down), Wanda the rest.
    expect(byPayer[second.id]).toMatchObject({ amount: 34.99, school_days: 3, status: 'draft' });
    expect(byPayer[primary.id]).toMatchObject({ amount: 142.01, school_days: 3 });
    expect(Math.round((byPayer[primary.id].amount + byPayer[second.id].amount) * 100)).toBe(17_700);

    const sent = await at(MONDAY, () =>
      call(world, 'POST', `/api/billing/invoices/${byPayer[primary.id].id}/send`, { token: tenant.token }),
    );
    expect(sent.status).toBe(200);
    const mail = await world.transport.smtp.waitFor(
      (message) => message.to.includes('wanda@family.test') && message.subject.includes('invoice'),
    );
    expect(mail.text).toContain('3 of 5 school days (from Wednesday 2 December 2026) pro rata');
    expect(mail.text).toContain('$142.01');

    // The week after is billed in full.
    const later = await at(new Date('2026-12-07T12:00:00Z'), () => call(world, 'POST', '/api/billing/generate', { token: tenant.token }));
    const total = later.body.invoices.reduce(
      (sum: number, invoice: { amount: number; school_days: number | null }) => sum + Math.round(invoice.amount * 100),
      0,
    );
    expect(total).toBe(29_500);
    expect(later.body.invoices.every((invoice: { school_days: number | null }) => invoice.school_days === null)).toBe(true);
  });

  it('bills nothing in the week of a weekend first pickup', async () => {
    const tenant = await freshTenant();
    const created = await registerApproved(world, tenant.token, { tenant: tenant.id, first_pickup_date: '2026-11-28' });
    expect((await call(world, 'POST', '/api/billing/generate', { token: tenant.token })).body.invoices).toEqual([]);
    expect(await transportInvoices(created.household_id)).toEqual([]);
  });
});

describe('POST /api/billing/generate-due', () => {
  it('bills a Monday first pickup for its own week, never the week before', async () => {
    const tenant = await freshTenant();
    const created = await registerApproved(world, tenant.token, {
      tenant: tenant.id,
      first_pickup_date: '2026-11-30',
      parent: { name: 'Monty Monday', email: 'monty@family.test' },
    });
    const answer = await call(world, 'POST', '/api/billing/generate-due', { token: tenant.token });
    expect(answer.status).toBe(200);
    expect(answer.body.generated).toEqual([
      expect.objectContaining({
        household_id: created.household_id,
        cycle_start: '2026-11-30',
        cycle_end: '2026-12-06',
        status: 'sent',
        amount: 295,
      }),
    ]);
    expect((await transportInvoices(created.household_id)).map((invoice) => invoice.cycle_start)).toEqual(['2026-11-30']);
  });

  it('mails a draft made earlier instead of skipping the household as already billed', async () => {
    const tenant = await freshTenant();
    const created = await registerApproved(world, tenant.token, {
      tenant: tenant.id,
      first_pickup_date: '2026-11-25',
      parent: { name: 'Della Draft', email: 'della@family.test' },
    });
    const drafted = await call(world, 'POST', '/api/billing/generate', { token: tenant.token });
    const [draft] = drafted.body.invoices;
    // Wednesday 25 November: three school days of that week.
    expect(draft).toMatchObject({ household_id: created.household_id, status: 'draft', school_days: 3, amount: 177 });

    const due = await call(world, 'POST', '/api/billing/generate-due', { token: tenant.token });
    expect(due.body.skipped).toEqual([]);
    expect(due.body.generated).toEqual([expect.objectContaining({ id: draft.id, status: 'sent', amount: 177 })]);
    expect(due.body.emailed).toEqual([expect.objectContaining({ invoice_id: draft.id, email: 'della@family.test' })]);
    expect(await transportInvoices(created.household_id)).toHaveLength(1);

    const again = await call(world, 'POST', '/api/billing/generate-due', { token: tenant.token });
    expect(again.body).toMatchObject({ generated: [], emailed: [], skipped: [created.household_id] });
  });

  it("counts days on the tenant's clock", async () => {
    // Monday 30 November 01:00 UTC: still Sunday the 29th in Los Angeles, already Monday in UTC.
    const early = new Date('2026-11-30T01:00:00Z');
    const west = await freshTenant('America/Los_Angeles');
    const utc = await freshTenant('UTC');
    for (const tenant of [west, utc]) {
      await registerApproved(world, tenant.token, { tenant: tenant.id, first_pickup_date: '2026-11-23' });
    }
    const westAnswer = await at(early, () => call(world, 'POST', '/api/billing/generate', { token: west.token }));
    expect(westAnswer.body).toMatchObject({ cycle_start: '2026-11-23', cycle_end: '2026-11-29' });
    const utcAnswer = await at(early, () => call(world, 'POST', '/api/billing/generate', { token: utc.token }));
    expect(utcAnswer.body).toMatchObject({ cycle_start: '2026-11-30', cycle_end: '2026-12-06' });
    const due = await at(early, () => call(world, 'POST', '/api/billing/generate-due', { token: west.token }));
    expect(due.body.date).toBe('2026-11-29');
  });
});

describe('GraphQL billingSummary', () => {
  it('agrees with REST on a prorated first week', async () => {
    const tenant = await freshTenant();
    const created = await registerApproved(world, tenant.token, {
      tenant: tenant.id,
      first_pickup_date: '2026-11-25',
      parent: { name: 'Gail Graph', email: 'gail@family.test' },
    });
    const due = await call(world, 'POST', '/api/billing/generate-due', { token: tenant.token });
    expect(due.body.generated).toEqual([
      expect.objectContaining({ household_id: created.household_id, school_days: 3, amount: 177, status: 'sent' }),
    ]);
    const outstanding = await call(world, 'GET', '/api/billing/outstanding', { token: tenant.token });
    // The registration fee (50.00) and 3/5 of the week (177.00).
    expect(outstanding.body).toEqual([expect.objectContaining({ household_id: created.household_id, total_outstanding: 227 })]);
    const response = await fetch(`${world.transport.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tenant.token}` },
      body: JSON.stringify({ query: '{ billingSummary { invoiceCount invoicedCents outstandingCents } }' }),
    });
    const answer = (await response.json()) as {
      data: { billingSummary: { invoiceCount: number; invoicedCents: number; outstandingCents: number } };
    };
    expect(answer.data.billingSummary).toEqual({ invoiceCount: 2, invoicedCents: 22_700, outstandingCents: 22_700 });
  });
});

describe('a rejected household', () => {
  it('has its pending fee and drafts voided with the reason, and none of them can be sent', async () => {
    const tenant = await freshTenant();
    const created = await registerApproved(world, tenant.token, { tenant: tenant.id, first_pickup_date: '2026-11-23' });
    const drafted = await call(world, 'POST', '/api/billing/generate', { token: tenant.token });
    expect(drafted.body.invoices).toHaveLength(1);
    const rejected = await call(world, 'PUT', `/api/registrations/${created.household_id}/reject`, {
      token: tenant.token,
      body: { reason: 'No seat on the route' },
    });
    expect(rejected.status).toBe(200);
    const invoices = await world.transport.db
      .fork()
      .execute<{ id: string; kind: string; status: string; void_reason: string | null }[]>(
        'select id, kind, status, void_reason from transport_invoice where household_id = ? order by kind',
        [created.household_id],
      );
    expect(invoices.map(({ kind, status, void_reason }) => ({ kind, status, void_reason }))).toEqual([
      { kind: 'registration', status: 'void', void_reason: 'Registration rejected: No seat on the route' },
      { kind: 'transportation', status: 'void', void_reason: 'Registration rejected: No seat on the route' },
    ]);
    const before = await snapshot(world);
    for (const invoice of invoices) {
      expect((await call(world, 'POST', `/api/billing/invoices/${invoice.id}/send`, { token: tenant.token })).status).toBe(409);
    }
    const drafts = await call(world, 'GET', '/api/billing/invoices?status=draft', { token: tenant.token });
    expect(drafts.body.some((invoice: { household_id: string }) => invoice.household_id === created.household_id)).toBe(false);
    expect(await snapshot(world)).toBe(before);
  });

  it("never reaches another tenant's pending registrations", async () => {
    const tenant = await freshTenant();
    const other = await freshTenant();
    const theirs = await register(world, { tenant: other.id });
    const before = await snapshot(world);
    expect(
      (await call(world, 'PUT', `/api/registrations/${theirs.household_id}/reject`, { token: tenant.token, body: { reason: 'x' } })).status,
    ).toBe(404);
    expect(await snapshot(world)).toBe(before);
  });
});
