import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, register, snapshot, startBillingWorld, startFakeProvider, type BillingWorld } from './billing-support.ts';

type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;
const STRIPE_SECRET = 'whsec_dGVzdC1zZWNyZXQ';
const SQUARE_KEY = 'square-signature-key';
const PUBLIC_URL = 'https://buses.example.test';

const paymentsOf = async (world: BillingWorld, invoiceId: string) =>
  world.transport.db.fork().execute<{ amount_cents: number; provider: string }[]>('select amount_cents, provider from transport_payment where invoice_id = ?', [invoiceId]);

const post = (world: BillingWorld, path: string, body: string, headers: Record<string, string>) =>
  call(world, 'POST', path, { rawBody: body, headers: { 'Content-Type': 'application/json', ...headers } });

describe('POST /api/payments/stripe/webhook', () => {
  let world: BillingWorld;
  let stripe: FakeProvider;
  beforeAll(async () => {
    // Each checkout session is named after its idempotency key, so each invoice has its own.
    stripe = await startFakeProvider((request) => {
      const id = `cs_${String(request.headers['idempotency-key'])}`;

      return { status: 200, body: { id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}` } };
    });
    world = await startBillingWorld({ STRIPE_URL: stripe.url, STRIPE_SECRET_KEY: 'sk_test', STRIPE_WEBHOOK_SECRET: STRIPE_SECRET, TRANSPORT_PUBLIC_URL: PUBLIC_URL });
  });
  afterAll(async () => {
    await world?.close();
    await stripe?.close();
  });

  const sign = (body: string, at = Math.floor(Date.now() / 1000), secret = STRIPE_SECRET) =>
    `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;

  /** An approved registration whose fee has a checkout session; the completed-session notification for it. */
  const approvedFee = async () => {
    const created = await register(world);
    expect((await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: world.tokens.demo })).status).toBe(200);
    const invoiceId = created.registration_fee_invoice_id;
    const body = JSON.stringify({
      id: `evt_${invoiceId}`,
      type: 'checkout.session.completed',
      data: { object: { id: `cs_registration-fee-${invoiceId}`, object: 'checkout.session', client_reference_id: invoiceId, amount_total: 5000, payment_status: 'paid' } },
    });

    return { created, invoiceId, body };
  };

  it('puts the invoice on the checkout session it creates', async () => {
    const { invoiceId } = await approvedFee();
    const form = new URLSearchParams(stripe.requests.at(-1)?.body ?? '');
    expect(form.get('client_reference_id')).toBe(invoiceId);
    expect(form.get('metadata[invoice_id]')).toBe(invoiceId);
  });

  it('marks the invoice paid once, however often the notification comes', async () => {
    const { invoiceId, body } = await approvedFee();
    const first = await post(world, '/api/payments/stripe/webhook', body, { 'Stripe-Signature': sign(body) });
    expect(first).toEqual({ status: 200, body: { received: true, outcome: 'recorded' } });
    const invoice = await call(world, 'GET', `/api/billing/invoices/${invoiceId}`, { token: world.tokens.demo });
    expect(invoice.body).toMatchObject({ status: 'paid', amount_paid: 50, payments: [{ amount: 50, method: 'card', provider: 'stripe', recorded_by: 'provider:stripe' }] });
    for (const headers of [{ 'Stripe-Signature': sign(body) }, { 'Stripe-Signature': sign(body, Math.floor(Date.now() / 1000) - 60) }]) {
      expect(await post(world, '/api/payments/stripe/webhook', body, headers)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    }
    await Promise.all([1, 2, 3].map(() => post(world, '/api/payments/stripe/webhook', body, { 'Stripe-Signature': sign(body) })));
    expect(await paymentsOf(world, invoiceId)).toEqual([{ amount_cents: 5000, provider: 'stripe' }]);
    const audit = await world.transport.db.fork().execute<{ actor: string }[]>("select actor from transport_audit_log where action = 'payment.provider' and resource = ?", [`invoice:${invoiceId}`]);
    expect(audit).toEqual([{ actor: 'provider:stripe' }]);
  });

  it('answers 400 and changes nothing for a wrong, missing, replayed-late or tampered signature', async () => {
    const { invoiceId, body } = await approvedFee();
    const before = await snapshot(world);
    // Signed at sending time: a timestamp taken once drifts toward the 300 s tolerance while earlier
    // attempts are answered on a busy machine, and a "future" one could fall back inside it.
    const now = () => Math.floor(Date.now() / 1000);
    const attempts: (() => Record<string, string>)[] = [
      () => ({ 'Stripe-Signature': sign(body, now(), 'whsec_wrong') }),
      () => ({}),
      () => ({ 'Stripe-Signature': sign(body, now() - 301) }),
      () => ({ 'Stripe-Signature': sign(body, now() + 330) }),
      () => ({ 'Stripe-Signature': 'garbage' }),
    ];
    for (const headersOf of attempts) {
      const headers = headersOf();
      const answer = await post(world, '/api/payments/stripe/webhook', body, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(400);
    }
    // A valid signature of another body does not carry over to this one.
    const tampered = body.replace('"amount_total":5000', '"amount_total":9000');
    expect((await post(world, '/api/payments/stripe/webhook', tampered, { 'Stripe-Signature': sign(body) })).status).toBe(400);
    expect(await snapshot(world)).toBe(before);
    expect(await paymentsOf(world, invoiceId)).toEqual([]);
  });

  it('ignores other events and answers 400 to a signed body that is not JSON', async () => {
    const other = JSON.stringify({ id: 'evt_x', type: 'customer.created', data: { object: {} } });
    expect(await post(world, '/api/payments/stripe/webhook', other, { 'Stripe-Signature': sign(other) })).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    expect((await post(world, '/api/payments/stripe/webhook', 'not json', { 'Stripe-Signature': sign('not json') })).status).toBe(400);
  });

  it('is documented in the OpenAPI document', async () => {
    const document = (await call(world, 'GET', '/api/openapi.json')).body;
    expect(document.paths['/api/payments/stripe/webhook']?.post).toBeDefined();
    expect(document.paths['/api/payments/square/webhook']?.post).toBeDefined();
    const stripe = document.paths['/api/payments/stripe/webhook'].post;
    expect(stripe.requestBody.content['application/json']).toBeDefined();
    expect(stripe.responses['200'].content['application/json'].schema.properties.outcome.enum).toContain('duplicate');
  });
});

describe('POST /api/payments/square/webhook', () => {
  let world: BillingWorld;
  let square: FakeProvider;
  beforeAll(async () => {
    square = await startFakeProvider((request) => {
      const key = JSON.parse(request.body).idempotency_key as string;

      return { status: 200, body: { payment_link: { id: `PL-${key}`, url: `https://square.link/u/${key}`, order_id: `order-${key}` } } };
    });
    world = await startBillingWorld({ SQUARE_URL: square.url, SQUARE_ACCESS_TOKEN: 'sq-token', SQUARE_LOCATION_ID: 'LOC1', SQUARE_WEBHOOK_SIGNATURE_KEY: SQUARE_KEY, TRANSPORT_PUBLIC_URL: PUBLIC_URL });
  });
  afterAll(async () => {
    await world?.close();
    await square?.close();
  });

  const sign = (body: string, url = `${PUBLIC_URL}/api/payments/square/webhook`, key = SQUARE_KEY) => createHmac('sha256', key).update(url + body).digest('base64');

  it('marks the invoice of the paid order paid once; wrong signatures change nothing', async () => {
    const created = await register(world);
    expect((await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: world.tokens.demo })).status).toBe(200);
    const invoiceId = created.registration_fee_invoice_id;
    const body = JSON.stringify({
      merchant_id: 'M1',
      type: 'payment.updated',
      event_id: 'e1',
      data: { type: 'payment', id: 'pay-1', object: { payment: { id: `pay-${invoiceId}`, order_id: `order-registration-fee-${invoiceId}`, status: 'COMPLETED', amount_money: { amount: 5000, currency: 'USD' } } } },
    });
    const before = await snapshot(world);
    for (const signature of [sign(body, 'https://elsewhere.test/api/payments/square/webhook'), sign(body, undefined, 'wrong-key'), '']) {
      expect((await post(world, '/api/payments/square/webhook', body, { 'x-square-hmacsha256-signature': signature })).status).toBe(400);
    }
    expect(await snapshot(world)).toBe(before);
    expect(await post(world, '/api/payments/square/webhook', body, { 'x-square-hmacsha256-signature': sign(body) })).toEqual({ status: 200, body: { received: true, outcome: 'recorded' } });
    expect(await post(world, '/api/payments/square/webhook', body, { 'x-square-hmacsha256-signature': sign(body) })).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await paymentsOf(world, invoiceId)).toEqual([{ amount_cents: 5000, provider: 'square' }]);
    expect((await call(world, 'GET', `/api/billing/invoices/${invoiceId}`, { token: world.tokens.demo })).body.status).toBe('paid');
  });
});
