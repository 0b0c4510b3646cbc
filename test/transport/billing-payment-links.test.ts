import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  payNow,
  payTokenOf,
  register,
  registerApproved,
  startBillingWorld,
  startFakeProvider,
  type BillingWorld,
} from './billing-support.ts';

type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;

describe('with Square configured', () => {
  let world: BillingWorld;
  let square: FakeProvider;
  let failing = false;
  beforeAll(async () => {
    square = await startFakeProvider((request) =>
      failing
        ? { status: 500, body: { errors: [{ code: 'INTERNAL_SERVER_ERROR' }] } }
        : {
            status: 200,
            body: { payment_link: { id: 'PL1', version: 1, url: `https://square.link/u/${JSON.parse(request.body).idempotency_key}` } },
          },
    );
    world = await startBillingWorld({
      SQUARE_URL: square.url,
      SQUARE_ACCESS_TOKEN: 'sq-secret-token',
      SQUARE_LOCATION_ID: 'LOC123',
      STRIPE_URL: 'http://127.0.0.1:9',
      STRIPE_SECRET_KEY: 'sk_test_unused',
      TRANSPORT_PUBLIC_URL: 'https://buses.example.test',
    });
  });
  afterAll(async () => {
    await world?.close();
    await square?.close();
  });

  it('reports both providers as connected, Square first', async () => {
    expect((await call(world, 'GET', '/api/billing/provider-status')).body).toEqual({ square_connected: true, stripe_connected: true });
  });

  it("mails the fee's pay page; paying there asks Square for a 50.00 USD quick-pay link that sends the payer back to it", async () => {
    const created = await register(world, { parent: { name: 'Sq Parent', email: 'sq@family.test' } });
    const before = square.requests.length;
    const answer = await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: world.tokens.demo });
    expect(answer.body).toEqual({ status: 'ok', id: created.household_id, action: 'approved', email_sent: true });
    // Approving asks no provider: the checkout is made when the family pays, for what is owed then.
    expect(square.requests.length).toBe(before);
    const token = await payTokenOf(world, created.registration_fee_invoice_id);
    const mail = await world.transport.smtp.waitFor((message) => message.to.includes('sq@family.test'));
    expect(mail.text).toContain(`https://buses.example.test/pay/${token}`);
    expect(mail.text).toContain('$50.00');
    const invoice = await world.transport.db
      .fork()
      .execute('select status, provider, payment_url from transport_invoice where id = ?', [created.registration_fee_invoice_id]);
    expect(invoice).toEqual([{ status: 'sent', provider: 'square', payment_url: `https://buses.example.test/pay/${token}` }]);
    const checkout = await payNow(world, created.registration_fee_invoice_id);
    expect(checkout.status).toBe(200);
    const request = square.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v2/online-checkout/payment-links');
    expect(request?.headers.authorization).toBe('Bearer sq-secret-token');
    expect(request?.headers['square-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const body = JSON.parse(request?.body ?? '{}');
    expect(body).toEqual({
      idempotency_key: expect.stringMatching(/^checkout-[0-9a-f-]{36}$/),
      quick_pay: { name: expect.any(String), price_money: { amount: 5000, currency: 'USD' }, location_id: 'LOC123' },
      checkout_options: {
        redirect_url: `https://buses.example.test/pay/${token}?checkout=${String(body.idempotency_key).slice('checkout-'.length)}`,
      },
    });
    expect(checkout.body).toEqual({ checkout_url: `https://square.link/u/${body.idempotency_key}`, amount: 50 });
    expect(world.transport.logLines.join('\n')).not.toContain('sq-secret-token');
  });

  it('still approves and mails the pay page when Square is down; paying answers 502 and keeps nothing until Square answers', async () => {
    failing = true;
    try {
      const created = await register(world, { parent: { name: 'Sq Down', email: 'sqdown@family.test' } });
      const answer = await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: world.tokens.demo });
      expect(answer.body.email_sent).toBe(true);
      const mail = await world.transport.smtp.waitFor((message) => message.to.includes('sqdown@family.test'));
      expect(mail.text).toContain('$50.00');
      expect(mail.text).toContain('/pay/');
      const refused = await payNow(world, created.registration_fee_invoice_id);
      expect(refused.status).toBe(502);
      expect(refused.body.detail).toContain('try again');
      const kept = await world.transport.db
        .fork()
        .execute('select id from transport_checkout_session where invoice_id = ?', [created.registration_fee_invoice_id]);
      expect(kept).toEqual([]);
      failing = false;
      expect((await payNow(world, created.registration_fee_invoice_id)).status).toBe(200);
    } finally {
      failing = false;
    }
  });

  it('names Square as the provider of the invoices it makes, before any link exists', async () => {
    const created = await register(world, { first_pickup_date: '2026-01-05', parent: { name: 'Draft Payer', email: 'draft@family.test' } });
    const fee = await world.transport.db
      .fork()
      .execute('select status, provider from transport_invoice where id = ?', [created.registration_fee_invoice_id]);
    expect(fee).toEqual([{ status: 'pending', provider: 'square' }]);
    // Only approved households are billed.
    expect((await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: world.tokens.demo })).status).toBe(200);
    const answer = await call(world, 'POST', '/api/billing/generate', { token: world.tokens.demo });
    expect(answer.status).toBe(200);
    const drafts = answer.body.invoices.filter((item: { household_id: string }) => item.household_id === created.household_id);
    expect(drafts.length).toBeGreaterThan(0);
    for (const draft of drafts) {
      expect(draft).toMatchObject({ status: 'draft', provider: 'square' });
    }
  });

  it("puts the invoice's pay page in the first weekly invoice mail; paying there asks Square for the payer share", async () => {
    world.transport.setNow(new Date('2026-11-25T10:00:00Z'));
    try {
      const created = await registerApproved(world, world.tokens.demo, {
        first_pickup_date: '2026-11-23',
        parent: { name: 'Week Payer', email: 'week@family.test' },
      });
      const answer = await call(world, 'POST', '/api/billing/generate-due', { token: world.tokens.demo });
      const invoice = answer.body.generated.find((item: { household_id: string }) => item.household_id === created.household_id);
      const token = await payTokenOf(world, invoice.id);
      expect(invoice).toMatchObject({
        status: 'sent',
        provider: 'square',
        amount: 295,
        payment_url: `https://buses.example.test/pay/${token}`,
      });
      const mail = await world.transport.smtp.waitFor(
        (message) => message.to.includes('week@family.test') && message.subject.includes('invoice'),
      );
      expect(mail.text).toContain(`https://buses.example.test/pay/${token}`);
      expect((await payNow(world, invoice.id)).status).toBe(200);
      expect(JSON.parse(square.requests.at(-1)?.body ?? '{}').quick_pay.price_money).toEqual({ amount: 29_500, currency: 'USD' });
    } finally {
      world.transport.setNow(null);
    }
  });
});

describe('with Stripe configured', () => {
  let world: BillingWorld;
  let stripe: FakeProvider;
  beforeAll(async () => {
    stripe = await startFakeProvider(() => ({
      status: 200,
      body: { id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_1', status: 'open' },
    }));
    world = await startBillingWorld({
      STRIPE_URL: stripe.url,
      STRIPE_SECRET_KEY: 'sk_test_secret',
      TRANSPORT_PUBLIC_URL: 'https://buses.example.test/',
    });
  });
  afterAll(async () => {
    await world?.close();
    await stripe?.close();
  });

  it('reports Stripe only', async () => {
    expect((await call(world, 'GET', '/api/billing/provider-status')).body).toEqual({ square_connected: false, stripe_connected: true });
  });

  it('names Stripe as the provider of the invoices it makes when Square is not configured', async () => {
    const created = await register(world, { first_pickup_date: '2026-01-05', parent: { name: 'St Draft', email: 'stdraft@family.test' } });
    const fee = await world.transport.db
      .fork()
      .execute('select provider from transport_invoice where id = ?', [created.registration_fee_invoice_id]);
    expect(fee).toEqual([{ provider: 'stripe' }]);
    expect((await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: world.tokens.demo })).status).toBe(200);
    const drafts = (await call(world, 'POST', '/api/billing/generate', { token: world.tokens.demo })).body.invoices;
    expect(drafts.filter((item: { household_id: string }) => item.household_id === created.household_id)).toEqual([
      expect.objectContaining({ status: 'draft', provider: 'stripe' }),
    ]);
  });

  it('creates a checkout session for 50.00 USD with an idempotency key when the family pays, sending it back to the pay page', async () => {
    const created = await register(world, { parent: { name: 'St Parent', email: 'st@family.test' } });
    const answer = await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: world.tokens.demo });
    expect(answer.body.email_sent).toBe(true);
    const token = await payTokenOf(world, created.registration_fee_invoice_id);
    const mail = await world.transport.smtp.waitFor((message) => message.to.includes('st@family.test'));
    expect(mail.text).toContain(`https://buses.example.test/pay/${token}`);
    expect((await payNow(world, created.registration_fee_invoice_id)).body).toEqual({
      checkout_url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      amount: 50,
    });
    const request = stripe.requests.at(-1);
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.headers.authorization).toBe('Bearer sk_test_secret');
    const key = String(request?.headers['idempotency-key']);
    expect(key).toMatch(/^checkout-[0-9a-f-]{36}$/);
    expect(request?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const form = new URLSearchParams(request?.body ?? '');
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('5000');
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBeTruthy();
    expect(form.get('success_url')).toBe(`https://buses.example.test/pay/${token}?checkout=${key.slice('checkout-'.length)}`);
  });

  it('sends the payer back to the configured public address, whatever Host the request came with', async () => {
    const created = await registerApproved(world, world.tokens.demo, { parent: { name: 'Host Forger', email: 'forged-host@family.test' } });
    const token = await payTokenOf(world, created.registration_fee_invoice_id);
    // fetch sets Host itself, so this goes through node:http with a forged one.
    const before = stripe.requests.length;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${world.transport.url}/api/payments/pay/${token}/checkout`,
        { method: 'POST', headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'Content-Type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(200);
    const made = stripe.requests.slice(before);
    expect(made).toHaveLength(1);
    expect(new URLSearchParams(made[0]?.body ?? '').get('success_url')).toMatch(
      new RegExp(`^https://buses\\.example\\.test/pay/${token}\\?checkout=`),
    );
    const mail = await world.transport.smtp.waitFor((message) => message.to.includes('forged-host@family.test'));
    expect(mail.text).toContain(`https://buses.example.test/pay/${token}`);
    expect(mail.text).not.toContain('evil.example');
  });
});
