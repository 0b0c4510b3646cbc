import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, register, registrationBody, snapshot, startBillingWorld, type BillingWorld } from './billing-support.ts';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('POST /api/registrations/full', () => {
  it('creates household, payers, children, a pending registration and a pending 50.00 invoice, and mails nothing', async () => {
    const body = registrationBody({ parent2: { name: 'Sam Second', relationship: 'father', phone: '555-0101', email: 'sam@family.test' } });
    const answer = await call(world, 'POST', '/api/registrations/full', { body });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      household_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      registration_id: answer.body.household_id,
      tenant_id: 'demo',
      status: 'pending',
      children_count: 2,
      weekly_total: 295,
      registration_fee: 50,
      registration_fee_invoice_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email_sent: false,
      first_pickup_date: '2026-12-01',
      policy_acknowledged: 2,
      parent2_added: true,
    });
    const em = world.transport.db.fork();
    const children = await em.execute(
      'select name, trip_type, rate_weekly_cents, tenant_id from transport_child where household_id = ? order by created_at',
      [answer.body.household_id],
    );
    expect(children).toEqual([
      { name: body.children[0]?.name, trip_type: 'two_way', rate_weekly_cents: 17_500, tenant_id: 'demo' },
      { name: body.children[1]?.name, trip_type: 'one_way', rate_weekly_cents: 12_000, tenant_id: 'demo' },
    ]);
    const payers = await em.execute('select name, is_primary from transport_payer where household_id = ? order by is_primary desc', [
      answer.body.household_id,
    ]);
    expect(payers).toEqual([
      { name: body.parent.name, is_primary: true },
      { name: 'Sam Second', is_primary: false },
    ]);
    const invoices = await em.execute('select id, kind, status, amount_cents from transport_invoice where household_id = ?', [
      answer.body.household_id,
    ]);
    expect(invoices).toEqual([
      { id: answer.body.registration_fee_invoice_id, kind: 'registration', status: 'pending', amount_cents: 5_000 },
    ]);
    const registration = await em.execute('select id, status from transport_registration where household_id = ?', [
      answer.body.household_id,
    ]);
    expect(registration).toEqual([{ id: answer.body.household_id, status: 'pending' }]);
    expect(world.transport.smtp.messages).toHaveLength(0);
  });

  it('takes the tenant from the body, then X-Tenant-Id, never from the path or host', async () => {
    const fromBody = await register(world, { tenant: 'acme' }, { 'X-Tenant-Id': 'demo' });
    const fromHeader = await register(world, {}, { 'X-Tenant-Id': 'ACME' });
    const em = world.transport.db.fork();
    for (const id of [fromBody.household_id, fromHeader.household_id]) {
      expect(await em.execute('select tenant_id from transport_household where id = ?', [id])).toEqual([{ tenant_id: 'acme' }]);
    }
    const prefixed = await call(world, 'POST', '/acme/api/registrations/full', { body: registrationBody() });
    expect(prefixed.status).toBe(201);
    expect(prefixed.body.tenant_id).toBe('demo');
  });

  it('answers 404 for an unknown tenant and writes nothing', async () => {
    const before = await snapshot(world);
    const answer = await call(world, 'POST', '/api/registrations/full', { body: registrationBody({ tenant: 'nobody' }) });
    expect(answer).toEqual({ status: 404, body: { detail: 'Tenant not found' } });
    expect(await snapshot(world)).toBe(before);
  });

  it.each([
    ['no children', { children: [] }],
    ['unknown top-level field', { coupon: 'FREE' }],
    ['unknown parent field', { parent: { name: 'A', email: 'a@b.test', is_admin: true } }],
    ['bad transport_need', { children: [{ name: 'X', transport_need: 'weekends' }] }],
    ['wrong type', { children: 'two kids' }],
    ['bad email', { parent: { name: 'A', email: 'not-an-email' } }],
    ['impossible date', { first_pickup_date: '2026-02-30' }],
    ['date in another format', { first_pickup_date: '12/01/2026' }],
    ['oversized name', { parent: { name: 'x'.repeat(201), email: 'a@b.test' } }],
    ['too many children', { children: Array.from({ length: 11 }, (_, i) => ({ name: `K${i}`, transport_need: 'both' })) }],
    ['policy that is not a slug', { policy_acknowledged: ['<script>'] }],
    ['missing parent', { parent: undefined }],
  ])('refuses %s with 400 and writes nothing', async (_label, overrides) => {
    const before = await snapshot(world);
    const answer = await call(world, 'POST', '/api/registrations/full', { body: registrationBody(overrides) });
    expect(answer.status).toBe(400);
    expect(typeof answer.body.detail).toBe('string');
    expect(await snapshot(world)).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    const answer = await call(world, 'POST', '/api/registrations/full', {
      rawBody: '{"parent":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(answer.status).toBe(400);
  });
});

describe('GET /api/registrations', () => {
  it('lists the tenant registrations newest first with parent, students, schools and routes', async () => {
    const first = await register(world);
    const second = await register(world, {
      children: [{ name: 'Zed Unique', transport_need: 'afternoon', school: 'Maple High', route: 'east-express' }],
    });
    const answer = await call(world, 'GET', '/api/registrations', { token: world.tokens.demo });
    expect(answer.status).toBe(200);
    const ids = answer.body.map((row: { id: string }) => row.id);
    expect(ids.indexOf(second.household_id)).toBeLessThan(ids.indexOf(first.household_id));
    const row = answer.body.find((item: { id: string }) => item.id === second.household_id);
    expect(row).toMatchObject({
      id: second.household_id,
      household_id: second.household_id,
      status: 'pending',
      student_name: 'Zed Unique',
      school: 'Maple High',
      route: 'east-express',
      children_count: 1,
      first_pickup_date: '2026-12-01',
      created_at: expect.stringMatching(/Z$/),
    });
    expect(answer.body.every((item: { id: string }) => item.id !== undefined)).toBe(true);
  });

  it('filters by status and searches parent name, student name, school and route (wildcards literal)', async () => {
    const target = await register(world, {
      parent: { name: 'Quincy Searchable', email: 'q@family.test' },
      children: [{ name: 'Ramona Findme', transport_need: 'both', school: 'Birch Academy', route: 'west_100%' }],
    });
    for (const search of ['quincy', 'RAMONA', 'birch acad', 'west_100%']) {
      const answer = await call(world, 'GET', `/api/registrations?search=${encodeURIComponent(search)}`, { token: world.tokens.demo });
      expect(
        answer.body.map((row: { id: string }) => row.id),
        search,
      ).toEqual([target.household_id]);
    }
    const wildcard = await call(world, 'GET', `/api/registrations?search=${encodeURIComponent('%')}`, { token: world.tokens.demo });
    expect(wildcard.body.map((row: { id: string }) => row.id)).toEqual([target.household_id]);
    await call(world, 'PUT', `/api/registrations/${target.household_id}/reject`, { token: world.tokens.demo });
    const rejected = await call(world, 'GET', '/api/registrations?status=rejected', { token: world.tokens.demo });
    expect(rejected.body.map((row: { id: string }) => row.id)).toEqual([target.household_id]);
    const pending = await call(world, 'GET', '/api/registrations?status=pending', { token: world.tokens.demo });
    expect(pending.body.length).toBeGreaterThan(0);
    expect(pending.body.every((row: { status: string }) => row.status === 'pending')).toBe(true);
  });

  it('refuses an unknown status or an unknown query parameter', async () => {
    expect((await call(world, 'GET', '/api/registrations?status=maybe', { token: world.tokens.demo })).status).toBe(400);
    expect((await call(world, 'GET', '/api/registrations?sort=asc', { token: world.tokens.demo })).status).toBe(400);
    expect((await call(world, 'GET', `/api/registrations?search=${'x'.repeat(201)}`, { token: world.tokens.demo })).status).toBe(400);
  });

  it('never shows another tenant registrations, also under /{tenant}/api', async () => {
    const acme = await register(world, { tenant: 'acme' });
    const demoList = await call(world, 'GET', '/api/registrations', { token: world.tokens.demo });
    expect(demoList.body.some((row: { id: string }) => row.id === acme.household_id)).toBe(false);
    const acmeList = await call(world, 'GET', '/api/registrations', { token: world.tokens.acme });
    expect(acmeList.body.map((row: { id: string }) => row.id)).toContain(acme.household_id);
    expect(acmeList.body.every((row: { id: string }) => demoList.body.every((other: { id: string }) => other.id !== row.id))).toBe(true);
    // The user's own tenant wins over the path prefix.
    const viaPath = await call(world, 'GET', '/acme/api/registrations', { token: world.tokens.demo });
    expect(viaPath.body.some((row: { id: string }) => row.id === acme.household_id)).toBe(false);
    const adminViaPath = await call(world, 'GET', '/acme/api/registrations', { token: world.tokens.admin });
    expect(adminViaPath.status).toBe(200);
    expect(adminViaPath.body.map((row: { id: string }) => row.id)).toContain(acme.household_id);
  });

  it('answers 401 without or with a bad token and 403 for a parent', async () => {
    expect(await call(world, 'GET', '/api/registrations')).toEqual({ status: 401, body: { detail: 'Invalid token' } });
    expect(await call(world, 'GET', '/api/registrations', { token: 'forged' })).toEqual({ status: 401, body: { detail: 'Invalid token' } });
    expect(await call(world, 'GET', '/api/registrations', { token: world.tokens.parent })).toEqual({
      status: 403,
      body: { detail: 'Forbidden' },
    });
  });
});

describe('PUT /api/registrations/{reg_id}/approve and /reject', () => {
  it('approves: the registration and its invoice move on and the parent is mailed the fee without a link when no provider is set', async () => {
    const created = await register(world, { parent: { name: 'Ada Approved', email: 'ada@family.test' } });
    const answer = await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: world.tokens.demo });
    expect(answer).toEqual({ status: 200, body: { status: 'ok', id: created.household_id, action: 'approved', email_sent: true } });
    const mail = await world.transport.smtp.waitFor((message) => message.to.includes('ada@family.test'));
    expect(mail.text).toContain('$50.00');
    expect(mail.text).not.toMatch(/https?:\/\//);
    const em = world.transport.db.fork();
    expect(await em.execute('select status, provider from transport_invoice where id = ?', [created.registration_fee_invoice_id])).toEqual([
      { status: 'sent', provider: 'none' },
    ]);
    expect(await em.execute('select status from transport_registration where id = ?', [created.household_id])).toEqual([
      { status: 'approved' },
    ]);
  });

  it('reports email_sent false when the mail server refuses, and still approves', async () => {
    const created = await register(world);
    world.transport.smtp.refuseMail(true);
    try {
      const answer = await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: world.tokens.demo });
      expect(answer.body).toEqual({ status: 'ok', id: created.household_id, action: 'approved', email_sent: false });
    } finally {
      world.transport.smtp.refuseMail(false);
    }
    const em = world.transport.db.fork();
    expect(await em.execute('select status from transport_registration where id = ?', [created.household_id])).toEqual([
      { status: 'approved' },
    ]);
  });

  it('rejects, voids the pending registration fee with the reason so it can never be sent, and tells the family', async () => {
    const created = await register(world, { parent: { name: 'Rex Rejected', email: 'rex@family.test' } });
    const answer = await call(world, 'PUT', `/api/registrations/${created.household_id}/reject`, { token: world.tokens.demo });
    expect(answer).toEqual({
      status: 200,
      body: { status: 'ok', id: created.household_id, action: 'rejected', reason: null, email_sent: true },
    });
    const em = world.transport.db.fork();
    expect(
      await em.execute('select status, void_reason from transport_invoice where id = ?', [created.registration_fee_invoice_id]),
    ).toEqual([{ status: 'void', void_reason: 'Registration rejected' }]);
    const send = await call(world, 'POST', `/api/billing/invoices/${created.registration_fee_invoice_id}/send`, {
      token: world.tokens.demo,
    });
    expect(send.status).toBe(409);
    const withReason = await register(world, { parent: { name: 'Rae Rejected', email: 'rae@family.test' } });
    await call(world, 'PUT', `/api/registrations/${withReason.household_id}/reject`, {
      token: world.tokens.demo,
      body: { reason: 'Outside our area' },
    });
    const invoice = await call(world, 'GET', `/api/billing/invoices/${withReason.registration_fee_invoice_id}`, {
      token: world.tokens.demo,
    });
    expect(invoice.body).toMatchObject({ status: 'void', void_reason: 'Registration rejected: Outside our area' });
    const mail = await world.transport.smtp.waitFor((message) => message.to.includes('rex@family.test'));
    expect(mail.text).toContain('Nothing is owed');
  });

  it('answers 404 for an unknown registration and for another tenant registration, changing nothing', async () => {
    const acme = await register(world, { tenant: 'acme' });
    const before = await snapshot(world);
    for (const action of ['approve', 'reject']) {
      expect(await call(world, 'PUT', `/api/registrations/${acme.household_id}/${action}`, { token: world.tokens.demo })).toEqual({
        status: 404,
        body: { detail: 'Registration not found' },
      });
      expect((await call(world, 'PUT', `/api/registrations/no-such-id/${action}`, { token: world.tokens.demo })).status).toBe(404);
      expect((await call(world, 'PUT', `/api/registrations/${acme.household_id}/${action}`, { token: world.tokens.parent })).status).toBe(
        403,
      );
      expect((await call(world, 'PUT', `/api/registrations/${acme.household_id}/${action}`)).status).toBe(401);
    }
    expect(await snapshot(world)).toBe(before);
    const viaPrefix = await call(world, 'PUT', `/acme/api/registrations/${acme.household_id}/reject`, { token: world.tokens.acme });
    expect(viaPrefix.body).toEqual({ status: 'ok', id: acme.household_id, action: 'rejected', reason: null, email_sent: true });
  });
});
