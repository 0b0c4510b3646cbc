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

let tenantSequence = 0;
const freshTenant = async () => {
  tenantSequence += 1;
  const id = `life-${tenantSequence}`;
  await world.transport.db.fork().execute('insert into transport_tenant (id, name) values (?, ?)', [id, `Lifecycle ${tenantSequence}`]);

  return { id, token: world.identity.addUser({ email: `ops@${id}.test`, appRole: 'operator', appTenant: id }) };
};

const paymentCount = async () =>
  (await world.transport.db.fork().execute<{ n: number }[]>('select count(*)::int as n from transport_payment'))[0]?.n;

/** A tenant with one approved household billed for this week: its draft weekly invoice. */
const billedTenant = async () => {
  const tenant = await freshTenant();
  // Registered an hour before the week is billed, so newest-first has one answer.
  world.transport.setNow(new Date(WEDNESDAY.getTime() - 3_600_000));
  const created = await registerApproved(world, tenant.token, { tenant: tenant.id, first_pickup_date: '2026-11-23' }).finally(() =>
    world.transport.setNow(WEDNESDAY),
  );
  const generated = await call(world, 'POST', '/api/billing/generate', { token: tenant.token });
  const draft = generated.body.invoices.find((invoice: { household_id: string }) => invoice.household_id === created.household_id);

  return { tenant, created, draft };
};

const auditActions = async (tenantId: string) =>
  world.transport.db
    .fork()
    .execute<{ action: string; actor: string; resource: string; details: Record<string, unknown> }[]>(
      'select action, actor, resource, details from transport_audit_log where tenant_id = ? order by created_at, id',
      [tenantId],
    );

describe('only approved households are billed', () => {
  it('leaves pending households out of generate and generate-due', async () => {
    const tenant = await freshTenant();
    const approved = await registerApproved(world, tenant.token, { tenant: tenant.id, first_pickup_date: '2026-11-26' });
    const pending = await register(world, { tenant: tenant.id, first_pickup_date: '2026-11-26' });
    const generated = await call(world, 'POST', '/api/billing/generate', { token: tenant.token });
    expect(generated.body.invoices.map((invoice: { household_id: string }) => invoice.household_id)).toEqual([approved.household_id]);
    await world.transport.db.fork().execute("delete from transport_invoice where kind = 'transportation'");
    const due = await call(world, 'POST', '/api/billing/generate-due', { token: tenant.token });
    expect(due.body.generated.map((invoice: { household_id: string }) => invoice.household_id)).toEqual([approved.household_id]);
    expect(due.body.skipped).not.toContain(pending.household_id);
    const pendingInvoices = await call(world, 'GET', `/api/billing/invoices?household_id=${pending.household_id}`, { token: tenant.token });
    expect(pendingInvoices.body.map((invoice: { kind: string; status: string }) => [invoice.kind, invoice.status])).toEqual([
      ['registration', 'pending'],
    ]);
  });
});

describe('GET /api/billing/invoices', () => {
  it('lists the tenant invoices newest first with every documented field, filtered by status and household', async () => {
    const { tenant, created, draft } = await billedTenant();
    const answer = await call(world, 'GET', '/api/billing/invoices', { token: tenant.token });
    expect(answer.status).toBe(200);
    expect(answer.body.map((invoice: { kind: string }) => invoice.kind)).toEqual(['transportation', 'registration']);
    expect(answer.body[0]).toEqual({
      id: draft.id,
      household_id: created.household_id,
      payer_id: expect.any(String),
      kind: 'transportation',
      status: 'draft',
      amount: 295,
      amount_paid: 0,
      provider: 'none',
      payment_url: null,
      cycle_start: '2026-11-23',
      cycle_end: '2026-11-29',
      created_at: WEDNESDAY.toISOString(),
      sent_at: null,
      currency: 'USD',
      school_days: null,
    });
    expect(
      (await call(world, 'GET', '/api/billing/invoices?status=draft', { token: tenant.token })).body.map(
        (invoice: { id: string }) => invoice.id,
      ),
    ).toEqual([draft.id]);
    const outstanding = await call(world, 'GET', '/api/billing/invoices?status=outstanding', { token: tenant.token });
    expect(outstanding.body.map((invoice: { kind: string; status: string }) => [invoice.kind, invoice.status])).toEqual([
      ['registration', 'sent'],
    ]);
    expect((await call(world, 'GET', '/api/billing/invoices?household_id=nobody', { token: tenant.token })).body).toEqual([]);
  });

  it('answers 400 for an unknown status or parameter, 401 and 403 to strangers and parents', async () => {
    const { tenant } = await billedTenant();
    expect((await call(world, 'GET', '/api/billing/invoices?status=overdue', { token: tenant.token })).status).toBe(400);
    expect((await call(world, 'GET', '/api/billing/invoices?sort=asc', { token: tenant.token })).status).toBe(400);
    expect((await call(world, 'GET', '/api/billing/invoices')).status).toBe(401);
    expect(await call(world, 'GET', '/api/billing/invoices', { token: world.tokens.parent })).toEqual({
      status: 403,
      body: { detail: 'Forbidden' },
    });
  });
});

describe('one invoice: read, send, pay, void', () => {
  it('sends a draft to its payer, then answers 409 to a second send', async () => {
    const { tenant, created, draft } = await billedTenant();
    const sent = await call(world, 'POST', `/api/billing/invoices/${draft.id}/send`, { token: tenant.token });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ id: draft.id, status: 'sent', sent_at: WEDNESDAY.toISOString(), payments: [] });
    const mail = await world.transport.smtp.waitFor((message) => message.subject.includes('invoice') && message.text.includes(draft.id));
    expect(mail.text).toContain('$295.00');
    expect(mail.to.join()).toContain('@family.test');
    expect((await call(world, 'POST', `/api/billing/invoices/${draft.id}/send`, { token: tenant.token })).status).toBe(409);
    const audit = (await auditActions(tenant.id)).find((row) => row.action === 'invoice.send');
    expect(audit).toMatchObject({
      actor: `ops@${tenant.id}.test`,
      resource: `invoice:${draft.id}`,
      details: { status: { from: 'draft', to: 'sent' } },
    });
    expect(created.household_id).toBeTruthy();
  });

  it('records a partial cheque, refuses an overpayment with 409 and nothing recorded, then is paid and refuses more', async () => {
    const { tenant, draft } = await billedTenant();
    expect(
      (
        await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, {
          token: tenant.token,
          body: { amount: 10, method: 'cash' },
        })
      ).status,
    ).toBe(409);
    await call(world, 'POST', `/api/billing/invoices/${draft.id}/send`, { token: tenant.token });
    const partial = await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, {
      token: tenant.token,
      body: { amount: 100.5, method: 'check', reference: 'cheque 1041', paid_at: '2026-11-25' },
    });
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({ status: 'partial', amount: 295, amount_paid: 100.5, balance: 194.5, credited: 0 });
    expect(partial.body.payments).toEqual([
      {
        id: expect.any(String),
        amount: 100.5,
        method: 'check',
        reference: 'cheque 1041',
        provider: null,
        paid_at: '2026-11-25T12:00:00.000Z',
        recorded_by: `ops@${tenant.id}.test`,
        created_at: expect.any(String),
        credited: 0,
        flag: null,
        flag_text: null,
      },
    ]);
    const outstanding = await call(world, 'GET', '/api/billing/outstanding', { token: tenant.token });
    expect(outstanding.body[0].total_outstanding).toBe(194.5 + 50);
    const before = await snapshot(world);
    const payments = await paymentCount();
    const over = await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, {
      token: tenant.token,
      body: { amount: 194.51, method: 'cash' },
    });
    expect(over.status).toBe(409);
    expect(over.body.detail).toContain('194.50');
    expect(over.body.detail).toContain('record the excess as credit');
    expect(await snapshot(world)).toBe(before);
    expect(await paymentCount()).toBe(payments);
    const rest = await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, {
      token: tenant.token,
      body: { amount: 194.5, method: 'bank_transfer' },
    });
    expect(rest.body).toMatchObject({ status: 'paid', amount_paid: 295 });
    expect(rest.body.payments).toHaveLength(2);
    expect(
      (
        await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, {
          token: tenant.token,
          body: { amount: 1, method: 'cash' },
        })
      ).status,
    ).toBe(409);
    expect(
      (await call(world, 'POST', `/api/billing/invoices/${draft.id}/void`, { token: tenant.token, body: { reason: 'mistake' } })).status,
    ).toBe(409);
    const audit = (await auditActions(tenant.id)).filter((row) => row.action === 'payment.record');
    // Same clock instant for both, so compare without order.
    expect(audit.map((row) => row.details.status)).toHaveLength(2);
    expect(audit.map((row) => row.details.status)).toEqual(
      expect.arrayContaining([
        { from: 'sent', to: 'partial' },
        { from: 'partial', to: 'paid' },
      ]),
    );
  });

  it("refuses a payment day after the tenant's today or before the invoice with 400 naming paid_at, changing nothing", async () => {
    const { tenant, draft } = await billedTenant();
    await call(world, 'POST', `/api/billing/invoices/${draft.id}/send`, { token: tenant.token });
    const before = await snapshot(world);
    const payments = await paymentCount();
    // The invoice was made on Wednesday 25 November (UTC), which is the tenant's today.
    for (const paidAt of ['1970-01-01', '9999-12-31', '2026-11-26', '2026-11-24', '2026-11-26T00:00:01Z', '2026-11-24T23:59:59Z']) {
      const refused = await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, {
        token: tenant.token,
        body: { amount: 10, method: 'cash', paid_at: paidAt },
      });
      expect(refused.status, paidAt).toBe(400);
      expect(refused.body.detail, paidAt).toMatch(/^paid_at: must not be (after today|before the invoice date)/);
    }
    expect(await snapshot(world)).toBe(before);
    expect(await paymentCount()).toBe(payments);
    // Today and the invoice's own day are both fine, as a day or an instant of that day.
    const today = await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, {
      token: tenant.token,
      body: { amount: 10, method: 'cash', paid_at: '2026-11-25' },
    });
    expect(today.status).toBe(201);
    const instant = await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, {
      token: tenant.token,
      body: { amount: 10, method: 'cash', paid_at: '2026-11-25T08:30:00-05:00' },
    });
    expect(instant.status).toBe(201);
    expect(instant.body.payments.map((payment: { paid_at: string }) => payment.paid_at)).toContain('2026-11-25T13:30:00.000Z');
  });

  it("reads today in the tenant's time zone", async () => {
    const { tenant, draft } = await billedTenant();
    await call(world, 'POST', `/api/billing/invoices/${draft.id}/send`, { token: tenant.token });
    // 15:00 UTC on the 25th is 04:00 on the 26th in Auckland: the 26th is today there, and the invoice's day.
    await world.transport.db.fork().execute("update transport_tenant set time_zone = 'Pacific/Auckland' where id = ?", [tenant.id]);
    const yesterday = await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, {
      token: tenant.token,
      body: { amount: 10, method: 'cash', paid_at: '2026-11-25' },
    });
    expect(yesterday.status).toBe(400);
    expect(yesterday.body.detail).toContain('before the invoice date (2026-11-26)');
    expect(
      (
        await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, {
          token: tenant.token,
          body: { amount: 10, method: 'cash', paid_at: '2026-11-26' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, {
          token: tenant.token,
          body: { amount: 10, method: 'cash', paid_at: '2026-11-27' },
        })
      ).status,
    ).toBe(400);
  });

  it('takes more than the balance only when told to keep the excess as household credit, flagged and audited', async () => {
    const { tenant, created, draft } = await billedTenant();
    await call(world, 'POST', `/api/billing/invoices/${draft.id}/send`, { token: tenant.token });
    const refused = await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, {
      token: tenant.token,
      body: { amount: 300, method: 'check' },
    });
    expect(refused.status).toBe(409);
    const kept = await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, {
      token: tenant.token,
      body: { amount: 300, method: 'check', reference: 'cheque 77', excess_as_credit: true },
    });
    expect(kept.status).toBe(201);
    expect(kept.body).toMatchObject({ status: 'paid', amount: 295, amount_paid: 295, balance: 0, credited: 5 });
    expect(kept.body.payments).toEqual([
      expect.objectContaining({ amount: 300, credited: 5, flag: 'overpaid', flag_text: 'Overpaid by $5.00: kept as household credit' }),
    ]);
    const credit = await world.transport.db
      .fork()
      .execute<{ amount_cents: number; kind: string }[]>(
        'select amount_cents, kind from transport_household_credit where household_id = ?',
        [created.household_id],
      );
    expect(credit).toEqual([{ amount_cents: 500, kind: 'overpayment' }]);
    const audit = (await auditActions(tenant.id)).find((row) => row.action === 'payment.record');
    expect(audit?.details).toMatchObject({ amount: 300, credited: 5, flag: 'overpaid', status: { from: 'sent', to: 'paid' } });
    for (const body of [
      { amount: 1, method: 'cash', excess_as_credit: 'yes' },
      { amount: 1, method: 'cash', excess_as_credit: null },
    ]) {
      expect(
        (await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, { token: tenant.token, body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
  });

  it('voids a payment-less invoice with its reason; a void invoice takes no payment and no second void', async () => {
    const { tenant, draft } = await billedTenant();
    const voided = await call(world, 'POST', `/api/billing/invoices/${draft.id}/void`, {
      token: tenant.token,
      body: { reason: 'Child moved away' },
    });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: 'void', void_reason: 'Child moved away' });
    const payments = await paymentCount();
    expect(
      (
        await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, {
          token: tenant.token,
          body: { amount: 1, method: 'cash' },
        })
      ).status,
    ).toBe(409);
    expect(await paymentCount()).toBe(payments);
    expect(
      (await call(world, 'POST', `/api/billing/invoices/${draft.id}/void`, { token: tenant.token, body: { reason: 'again' } })).status,
    ).toBe(409);
    expect((await call(world, 'GET', `/api/billing/invoices/${draft.id}`, { token: tenant.token })).body).toMatchObject({
      status: 'void',
      void_reason: 'Child moved away',
      payments: [],
    });
    expect((await auditActions(tenant.id)).find((row) => row.action === 'invoice.void')?.details).toEqual({
      status: { from: 'draft', to: 'void' },
      reason: 'Child moved away',
    });
  });

  it("answers 404 for another tenant's invoice and changes nothing", async () => {
    const { draft } = await billedTenant();
    const other = await freshTenant();
    const before = await snapshot(world);
    expect(await call(world, 'GET', `/api/billing/invoices/${draft.id}`, { token: other.token })).toEqual({
      status: 404,
      body: { detail: 'Invoice not found' },
    });
    expect((await call(world, 'POST', `/api/billing/invoices/${draft.id}/send`, { token: other.token })).status).toBe(404);
    expect(
      (await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, { token: other.token, body: { amount: 1, method: 'cash' } }))
        .status,
    ).toBe(404);
    expect(
      (await call(world, 'POST', `/api/billing/invoices/${draft.id}/void`, { token: other.token, body: { reason: 'x' } })).status,
    ).toBe(404);
    expect(await snapshot(world)).toBe(before);
  });

  it('answers 403 to a parent and 400 to bad input, changing nothing', async () => {
    const { tenant, draft } = await billedTenant();
    await call(world, 'POST', `/api/billing/invoices/${draft.id}/send`, { token: tenant.token });
    const before = await snapshot(world);
    for (const [path, body] of [
      [`/api/billing/invoices/${draft.id}/payments`, { amount: 1, method: 'cash' }],
      [`/api/billing/invoices/${draft.id}/void`, { reason: 'x' }],
    ] as const) {
      expect((await call(world, 'POST', path, { token: world.tokens.parent, body })).status).toBe(403);
    }
    expect((await call(world, 'GET', `/api/billing/invoices/${draft.id}`, { token: world.tokens.parent })).status).toBe(403);
    for (const body of [
      { amount: 0, method: 'cash' },
      { amount: -5, method: 'cash' },
      { amount: 1.234, method: 'cash' },
      { amount: 10, method: 'bitcoin' },
      { amount: '10', method: 'cash' },
      { amount: 10, method: 'cash', paid_at: '0000-01-01' },
      { amount: 10, method: 'cash', extra: true },
    ]) {
      expect(
        (await call(world, 'POST', `/api/billing/invoices/${draft.id}/payments`, { token: tenant.token, body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect((await call(world, 'POST', `/api/billing/invoices/${draft.id}/void`, { token: tenant.token, body: {} })).status).toBe(400);
    expect(
      (await call(world, 'POST', `/api/billing/invoices/${draft.id}/void`, { token: tenant.token, body: { reason: '   ' } })).status,
    ).toBe(400);
    expect(await snapshot(world)).toBe(before);
  });

  it('documents the invoice paths in the OpenAPI document', async () => {
    const document = (await call(world, 'GET', '/api/openapi.json')).body;
    for (const path of [
      '/api/billing/invoices',
      '/api/billing/invoices/{invoice_id}',
      '/api/billing/invoices/{invoice_id}/send',
      '/api/billing/invoices/{invoice_id}/payments',
      '/api/billing/invoices/{invoice_id}/void',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    const listed = document.paths['/api/billing/invoices'].get.responses['200'].content['application/json'].schema;
    expect(listed.type).toBe('array');
    expect(listed.items.properties).toHaveProperty('amount_paid');
    const recorded = document.paths['/api/billing/invoices/{invoice_id}/payments'].post;
    expect(recorded.responses['201'].content['application/json'].schema.properties).toHaveProperty('payments');
    expect(recorded.requestBody.content['application/json'].schema.properties.method.enum).toContain('check');
  });
});
