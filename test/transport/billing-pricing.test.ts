import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  payTokenOf,
  registerApproved,
  register,
  startBillingWorld,
  startFakeProvider,
  type BillingWorld,
} from './billing-support.ts';

/** Each operator sets its own prices: rates, registration fee and currency. */

let world: BillingWorld;
const MONDAY = new Date('2026-11-23T15:00:00Z');
const PATH = '/api/tenant/settings/pricing';

beforeAll(async () => {
  world = await startBillingWorld();
  world.transport.setNow(MONDAY);
});
afterAll(async () => {
  await world?.close();
});

let tenantSequence = 0;
const freshTenant = async () => {
  tenantSequence += 1;
  const id = `price-${tenantSequence}`;
  await world.transport.db.fork().execute('insert into transport_tenant (id, name) values (?, ?)', [id, `Pricing ${tenantSequence}`]);

  return { id, token: world.identity.addUser({ appRole: 'operator', appTenant: id }) };
};

const OWN = { one_way: 95.5, two_way: 140, registration_fee: 25, currency: 'CAD' };

const pricingRows = (tenantId: string) =>
  world.transport.db
    .fork()
    .execute<{ action: string; details: Record<string, unknown> }[]>(
      "select action, details from transport_audit_log where tenant_id = ? and action = 'tenant.settings.update' order by created_at, id",
      [tenantId],
    );

const tenantPrices = async (tenantId: string) =>
  (
    await world.transport.db
      .fork()
      .execute('select one_way_rate_cents, two_way_rate_cents, registration_fee_cents, currency from transport_tenant where id = ?', [
        tenantId,
      ])
  )[0];

describe('a new tenant', () => {
  it("starts with the specification's prices, answered by the rates path for that tenant", async () => {
    const tenant = await freshTenant();
    expect(await call(world, 'GET', PATH, { token: tenant.token })).toEqual({
      status: 200,
      body: { tenant_id: tenant.id, one_way: 120, two_way: 175, registration_fee: 50, currency: 'USD' },
    });
    expect((await call(world, 'GET', `/${tenant.id}/api/billing/rates`)).body).toEqual({
      one_way: 120,
      two_way: 175,
      cycle: 'weekly',
      registration_fee: 50,
      currency: 'USD',
    });
  });
});

describe('PUT /api/tenant/settings/pricing', () => {
  it('sets the prices with an audit row naming each change, old -> new; the rates path answers them for that tenant only', async () => {
    const tenant = await freshTenant();
    const changed = await call(world, 'PUT', PATH, { token: tenant.token, body: { ...OWN, currency: 'cad' } });
    expect(changed).toEqual({ status: 200, body: { tenant_id: tenant.id, ...OWN } });
    expect(await pricingRows(tenant.id)).toEqual([
      {
        action: 'tenant.settings.update',
        details: {
          one_way: { from: 120, to: 95.5 },
          two_way: { from: 175, to: 140 },
          registration_fee: { from: 50, to: 25 },
          currency: { from: 'USD', to: 'CAD' },
        },
      },
    ]);
    const expected = { one_way: 95.5, two_way: 140, cycle: 'weekly', registration_fee: 25, currency: 'CAD' };
    // Every way a public caller names the tenant.
    expect((await call(world, 'GET', `/${tenant.id}/api/billing/rates`)).body).toEqual(expected);
    expect((await call(world, 'GET', `/api/billing/rates?tenant=${tenant.id}`)).body).toEqual(expected);
    expect((await call(world, 'GET', '/api/billing/rates', { headers: { 'X-Tenant-Id': tenant.id } })).body).toEqual(expected);
    // Others keep theirs.
    expect((await call(world, 'GET', '/api/billing/rates')).body).toEqual({
      one_way: 120,
      two_way: 175,
      cycle: 'weekly',
      registration_fee: 50,
      currency: 'USD',
    });
    expect(await call(world, 'GET', '/api/billing/rates?tenant=no-such-tenant')).toEqual({
      status: 404,
      body: { detail: 'Tenant not found' },
    });

    // Saving the same prices again changes nothing and writes no row.
    expect((await call(world, 'PUT', PATH, { token: tenant.token, body: OWN })).status).toBe(200);
    expect(await pricingRows(tenant.id)).toHaveLength(1);
  });

  it('applies to registrations and invoices made after it; invoices already made keep their amounts and currency', async () => {
    const tenant = await freshTenant();
    const before = await registerApproved(world, tenant.token, {
      tenant: tenant.id,
      first_pickup_date: '2026-11-23',
      parent: { name: 'Bea Before', email: 'bea@family.test' },
    });
    const first = await call(world, 'POST', '/api/billing/generate', { token: tenant.token });
    expect(first.body.invoices).toEqual([expect.objectContaining({ household_id: before.household_id, amount: 295, currency: 'USD' })]);

    expect((await call(world, 'PUT', PATH, { token: tenant.token, body: OWN })).status).toBe(200);
    const fee = await world.transport.db
      .fork()
      .execute('select amount_cents, currency from transport_invoice where id = ?', [before.registration_fee_invoice_id]);
    expect(fee).toEqual([{ amount_cents: 5000, currency: 'USD' }]);
    const issued = await call(world, 'GET', `/api/billing/invoices/${first.body.invoices[0].id}`, { token: tenant.token });
    expect(issued.body).toMatchObject({ amount: 295, currency: 'USD' });

    // A registration after the change: 140.00 both ways + 95.50 mornings only, fee 25.00.
    const after = await register(world, {
      tenant: tenant.id,
      first_pickup_date: '2026-11-23',
      parent: { name: 'Al After', email: 'al@family.test' },
    });
    expect(after).toMatchObject({ weekly_total: 235.5 });
    const afterFee = await world.transport.db
      .fork()
      .execute('select amount_cents, currency from transport_invoice where id = ?', [after.registration_fee_invoice_id]);
    expect(afterFee).toEqual([{ amount_cents: 2500, currency: 'CAD' }]);
    const approved = await call(world, 'PUT', `/api/registrations/${after.household_id}/approve`, { token: tenant.token });
    expect(approved.status).toBe(200);
    const feeMail = await world.transport.smtp.waitFor((message) => message.to.includes('al@family.test'));
    expect(feeMail.text).toContain('CA$25.00');

    // The next week bills both households at the new rates, in the new currency.
    world.transport.setNow(new Date('2026-11-30T15:00:00Z'));
    try {
      const next = await call(world, 'POST', '/api/billing/generate', { token: tenant.token });
      expect(next.body.invoices.map((invoice: { amount: number; currency: string }) => [invoice.amount, invoice.currency])).toEqual([
        [235.5, 'CAD'],
        [235.5, 'CAD'],
      ]);
      const household = await call(world, 'GET', `/api/billing/households/${before.household_id}`, { token: tenant.token });
      expect(household.body.weekly_total).toBe(235.5);
    } finally {
      world.transport.setNow(MONDAY);
    }
  });

  it.each([
    [{ one_way: -1 }, 'one_way'],
    [{ two_way: 10.005 }, 'two_way'],
    [{ registration_fee: 1_000_000.01 }, 'registration_fee'],
    [{ currency: 'XYZ' }, 'currency'],
    [{ currency: 12 }, 'currency'],
    [{ one_way: '95.50' }, 'one_way'],
    [{ two_way: null }, 'two_way'],
  ])('refuses %j with 400 naming the field, changing nothing', async (change, field) => {
    const tenant = await freshTenant();
    const refused = await call(world, 'PUT', PATH, { token: tenant.token, body: { ...OWN, ...change } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.detail)).toContain(field);
    expect(await tenantPrices(tenant.id)).toEqual({
      one_way_rate_cents: 12000,
      two_way_rate_cents: 17500,
      registration_fee_cents: 5000,
      currency: 'USD',
    });
    expect(await pricingRows(tenant.id)).toEqual([]);
  });

  it('refuses a missing field or an unknown one with 400', async () => {
    const tenant = await freshTenant();
    const { currency: _currency, ...withoutCurrency } = OWN;
    expect((await call(world, 'PUT', PATH, { token: tenant.token, body: withoutCurrency })).status).toBe(400);
    expect((await call(world, 'PUT', PATH, { token: tenant.token, body: { ...OWN, cycle: 'monthly' } })).status).toBe(400);
    expect(await tenantPrices(tenant.id)).toEqual({
      one_way_rate_cents: 12000,
      two_way_rate_cents: 17500,
      registration_fee_cents: 5000,
      currency: 'USD',
    });
  });

  it("refuses parents (403) and strangers (401); another tenant's operator only ever changes its own tenant", async () => {
    const tenant = await freshTenant();
    const other = await freshTenant();
    expect((await call(world, 'GET', PATH, { token: world.tokens.parent })).status).toBe(403);
    expect((await call(world, 'PUT', PATH, { token: world.tokens.parent, body: OWN })).status).toBe(403);
    expect((await call(world, 'PUT', PATH, { body: OWN })).status).toBe(401);
    const aimed = await call(world, 'PUT', PATH, { token: tenant.token, headers: { 'X-Tenant-Id': other.id }, body: OWN });
    expect(aimed.body.tenant_id).toBe(tenant.id);
    const viaPrefix = await call(world, 'PUT', `/${other.id}${PATH}`, { token: tenant.token, body: OWN });
    // The account's tenant wins over the path's.
    expect(viaPrefix).toMatchObject({ status: 200, body: { tenant_id: tenant.id } });
    expect(await tenantPrices(other.id)).toEqual({
      one_way_rate_cents: 12000,
      two_way_rate_cents: 17500,
      registration_fee_cents: 5000,
      currency: 'USD',
    });
  });
});

describe("payment links in the tenant's currency", () => {
  it('asks Stripe for a checkout in the currency the invoice was issued in', async () => {
    const stripe = await startFakeProvider(() => ({
      status: 200,
      body: { id: 'cs_cad_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_cad_1', status: 'open' },
    }));
    const linked = await startBillingWorld({ STRIPE_URL: stripe.url, STRIPE_SECRET_KEY: 'sk_test_secret' });
    try {
      const operator = linked.identity.addUser({ appRole: 'operator', appTenant: 'acme' });
      expect((await call(linked, 'PUT', PATH, { token: operator, body: OWN })).status).toBe(200);
      const created = await register(linked, { tenant: 'acme', parent: { name: 'Cam Canada', email: 'cam@family.test' } });
      expect((await call(linked, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: operator })).status).toBe(200);
      // The fee mail carries the invoice's pay page; the checkout is made when the family opens it.
      const fee = await linked.transport.db
        .fork()
        .execute<{ id: string }[]>("select id from transport_invoice where household_id = ? and kind = 'registration'", [
          created.household_id,
        ]);
      const payToken = await payTokenOf(linked, fee[0]?.id ?? '');
      expect((await call(linked, 'GET', `/api/payments/pay/${payToken}`)).body).toMatchObject({ currency: 'CAD', balance: 25 });
      expect((await call(linked, 'POST', `/api/payments/pay/${payToken}/checkout`, { body: {} })).status).toBe(200);
      const form = new URLSearchParams(stripe.requests.at(-1)?.body ?? '');
      expect(form.get('line_items[0][price_data][currency]')).toBe('cad');
      expect(form.get('line_items[0][price_data][unit_amount]')).toBe('2500');
    } finally {
      await linked.close();
      await stripe.close();
    }
  });
});

describe('PUT /api/tenant/settings/theme', () => {
  const THEME = '/api/tenant/settings/theme';

  it("sets the primary colour and logo the theme path serves, keeps the theme's other keys, and audits old -> new", async () => {
    const tenant = await freshTenant();
    await world.transport.db.fork().execute(`update transport_tenant set theme = '{"font": "serif"}'::jsonb where id = ?`, [tenant.id]);
    expect((await call(world, 'GET', THEME, { token: tenant.token })).body).toEqual({
      tenant_id: tenant.id,
      primary_color: null,
      logo_url: null,
    });
    const changed = await call(world, 'PUT', THEME, {
      token: tenant.token,
      body: { primary_color: '#0F766E', logo_url: 'https://buses.example/logo.png' },
    });
    expect(changed).toEqual({
      status: 200,
      body: { tenant_id: tenant.id, primary_color: '#0f766e', logo_url: 'https://buses.example/logo.png' },
    });
    expect((await call(world, 'GET', `/api/theme/${tenant.id}`)).body.theme).toEqual({
      font: 'serif',
      primary_color: '#0f766e',
      logo_url: 'https://buses.example/logo.png',
    });
    expect((await pricingRows(tenant.id)).at(-1)?.details).toEqual({
      primary_color: { from: null, to: '#0f766e' },
      logo_url: { from: null, to: 'https://buses.example/logo.png' },
    });
    const cleared = await call(world, 'PUT', THEME, { token: tenant.token, body: { primary_color: '#0f766e', logo_url: null } });
    expect(cleared.body.logo_url).toBeNull();
    expect((await call(world, 'GET', `/api/theme/${tenant.id}`)).body.theme).toEqual({ font: 'serif', primary_color: '#0f766e' });
  });

  it('refuses a colour or logo it cannot show with 400 naming the field, parents with 403, changing nothing', async () => {
    const tenant = await freshTenant();
    for (const [body, field] of [
      [{ primary_color: 'teal', logo_url: null }, 'primary_color'],
      [{ primary_color: null, logo_url: 'javascript:alert(1)' }, 'logo_url'],
      [{ primary_color: null, logo_url: 'http://insecure.example/logo.png' }, 'logo_url'],
    ] as const) {
      const refused = await call(world, 'PUT', THEME, { token: tenant.token, body });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body.detail)).toContain(field);
    }
    expect(
      (await call(world, 'PUT', THEME, { token: world.tokens.parent, body: { primary_color: '#000000', logo_url: null } })).status,
    ).toBe(403);
    expect((await call(world, 'GET', `/api/theme/${tenant.id}`)).body.theme).toEqual({});
    expect(await pricingRows(tenant.id)).toEqual([]);
  });
});
