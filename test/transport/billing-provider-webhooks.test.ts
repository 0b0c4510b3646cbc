import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, payNow, register, snapshot, startBillingWorld, startFakeProvider, type BillingWorld } from './billing-support.ts';

type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;
const STRIPE_SECRET = 'whsec_dGVzdC1zZWNyZXQ';
const SQUARE_KEY = 'square-signature-key';
const PUBLIC_URL = 'https://buses.example.test';

const paymentsOf = async (world: BillingWorld, invoiceId: string) =>
  world.transport.db
    .fork()
    .execute<{ amount_cents: number; provider: string }[]>('select amount_cents, provider from transport_payment where invoice_id = ?', [
      invoiceId,
    ]);

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
    world = await startBillingWorld({
      STRIPE_URL: stripe.url,
      STRIPE_SECRET_KEY: 'sk_test',
      STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
      TRANSPORT_PUBLIC_URL: PUBLIC_URL,
    });
  });
  afterAll(async () => {
    await world?.close();
    await stripe?.close();
  });

  const sign = (body: string, at = Math.floor(Date.now() / 1000), secret = STRIPE_SECRET) =>
    `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;

  /** An approved registration whose fee the family chose to pay (a checkout session); the completed-session notification for it. */
  const approvedFee = async () => {
    const created = await register(world);
    expect((await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: world.tokens.demo })).status).toBe(200);
    const invoiceId = created.registration_fee_invoice_id;
    const checkout = await payNow(world, invoiceId);
    expect(checkout.status).toBe(200);
    const sessionId = String(checkout.body.checkout_url).split('/').at(-1) ?? '';
    const body = JSON.stringify({
      id: `evt_${invoiceId}`,
      type: 'checkout.session.completed',
      data: {
        object: { id: sessionId, object: 'checkout.session', client_reference_id: invoiceId, amount_total: 5000, payment_status: 'paid' },
      },
    });

    return { created, invoiceId, body, sessionId };
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
    expect(invoice.body).toMatchObject({
      status: 'paid',
      amount_paid: 50,
      payments: [{ amount: 50, method: 'card', provider: 'stripe', recorded_by: 'provider:stripe' }],
    });
    for (const headers of [{ 'Stripe-Signature': sign(body) }, { 'Stripe-Signature': sign(body, Math.floor(Date.now() / 1000) - 60) }]) {
      expect(await post(world, '/api/payments/stripe/webhook', body, headers)).toEqual({
        status: 200,
        body: { received: true, outcome: 'duplicate' },
      });
    }
    await Promise.all([1, 2, 3].map(() => post(world, '/api/payments/stripe/webhook', body, { 'Stripe-Signature': sign(body) })));
    expect(await paymentsOf(world, invoiceId)).toEqual([{ amount_cents: 5000, provider: 'stripe' }]);
    const audit = await world.transport.db
      .fork()
      .execute<{ actor: string }[]>("select actor from transport_audit_log where action = 'payment.provider' and resource = ?", [
        `invoice:${invoiceId}`,
      ]);
    expect(audit).toEqual([{ actor: 'provider:stripe' }]);
  });

  const creditOf = async (householdId: string) =>
    world.transport.db
      .fork()
      .execute<{ amount_cents: number; kind: string }[]>(
        'select amount_cents, kind from transport_household_credit where household_id = ? order by created_at',
        [householdId],
      );

  it('expires the checkout when the invoice is voided, and records a payment that still arrives as flagged household credit', async () => {
    const { created, invoiceId, body, sessionId } = await approvedFee();
    const voided = await call(world, 'POST', `/api/billing/invoices/${invoiceId}/void`, {
      token: world.tokens.demo,
      body: { reason: 'Registered twice' },
    });
    expect(voided.status).toBe(200);
    expect(voided.body.checkouts).toEqual([
      expect.objectContaining({ provider: 'stripe', provider_ref: sessionId, amount: 50, status: 'expired' }),
    ]);
    expect(voided.body.payment_url).toBeNull();
    expect(
      stripe.requests.filter((request) => request.method === 'POST' && request.path === `/v1/checkout/sessions/${sessionId}/expire`),
    ).toHaveLength(1);
    const answer = await post(world, '/api/payments/stripe/webhook', body, { 'Stripe-Signature': sign(body) });
    expect(answer).toEqual({ status: 200, body: { received: true, outcome: 'recorded' } });
    const invoice = await call(world, 'GET', `/api/billing/invoices/${invoiceId}`, { token: world.tokens.demo });
    expect(invoice.body).toMatchObject({ status: 'void', amount_paid: 0, credited: 50 });
    expect(invoice.body.payments).toEqual([
      expect.objectContaining({
        amount: 50,
        provider: 'stripe',
        credited: 50,
        flag: 'void_invoice',
        flag_text: 'Received on a void invoice: $50.00 kept as household credit',
      }),
    ]);
    expect(await creditOf(created.household_id)).toEqual([{ amount_cents: 5000, kind: 'overpayment' }]);
    const audit = await world.transport.db
      .fork()
      .execute<{ actor: string; details: Record<string, unknown> }[]>(
        "select actor, details from transport_audit_log where action = 'payment.provider' and resource = ?",
        [`invoice:${invoiceId}`],
      );
    expect(audit).toEqual([
      {
        actor: 'provider:stripe',
        details: expect.objectContaining({ amount: 50, flag: 'void_invoice', credited: 50, status: { from: 'void', to: 'void' } }),
      },
    ]);
    expect(await post(world, '/api/payments/stripe/webhook', body, { 'Stripe-Signature': sign(body) })).toEqual({
      status: 200,
      body: { received: true, outcome: 'duplicate' },
    });
    expect(await paymentsOf(world, invoiceId)).toEqual([{ amount_cents: 5000, provider: 'stripe' }]);
  });

  it('records a second checkout paid on a paid invoice as overpaid, with the excess as household credit', async () => {
    const { created, invoiceId, body, sessionId } = await approvedFee();
    expect((await post(world, '/api/payments/stripe/webhook', body, { 'Stripe-Signature': sign(body) })).body.outcome).toBe('recorded');
    const second = JSON.stringify({
      id: `evt_second_${invoiceId}`,
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_second_${invoiceId}`,
          object: 'checkout.session',
          client_reference_id: invoiceId,
          amount_total: 5000,
          payment_status: 'paid',
        },
      },
    });
    expect(await post(world, '/api/payments/stripe/webhook', second, { 'Stripe-Signature': sign(second) })).toEqual({
      status: 200,
      body: { received: true, outcome: 'recorded' },
    });
    const invoice = await call(world, 'GET', `/api/billing/invoices/${invoiceId}`, { token: world.tokens.demo });
    expect(invoice.body).toMatchObject({ status: 'paid', amount: 50, amount_paid: 50, credited: 50 });
    expect(
      invoice.body.payments.map((payment: { flag: string | null; flag_text: string | null }) => [payment.flag, payment.flag_text]),
    ).toEqual([
      [null, null],
      ['overpaid', 'Overpaid by $50.00: kept as household credit'],
    ]);
    expect(await creditOf(created.household_id)).toEqual([{ amount_cents: 5000, kind: 'overpayment' }]);
    // The first notification completed the checkout it names.
    expect(invoice.body.checkouts).toEqual([expect.objectContaining({ provider_ref: sessionId, status: 'completed' })]);
  });

  it('answers 400 to a signed notification with a NUL character and changes nothing', async () => {
    const { invoiceId, body, sessionId } = await approvedFee();
    const before = await snapshot(world);
    const withNul = body.replace(`"id":"${sessionId}"`, `"id":"cs_\\u0000${invoiceId}"`);
    expect(withNul).toContain('\\u0000');
    const answer = await post(world, '/api/payments/stripe/webhook', withNul, { 'Stripe-Signature': sign(withNul) });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/NUL|U\+0000/i);
    expect(await snapshot(world)).toBe(before);
    expect(await paymentsOf(world, invoiceId)).toEqual([]);
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
    expect(await post(world, '/api/payments/stripe/webhook', other, { 'Stripe-Signature': sign(other) })).toEqual({
      status: 200,
      body: { received: true, outcome: 'ignored' },
    });
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
      if (request.method === 'DELETE') {
        return { status: 200, body: { id: request.path.split('/').at(-1), cancelled_order_id: 'order' } };
      }
      const key = JSON.parse(request.body).idempotency_key as string;

      return { status: 200, body: { payment_link: { id: `PL-${key}`, url: `https://square.link/u/${key}`, order_id: `order-${key}` } } };
    });
    world = await startBillingWorld({
      SQUARE_URL: square.url,
      SQUARE_ACCESS_TOKEN: 'sq-token',
      SQUARE_LOCATION_ID: 'LOC1',
      SQUARE_WEBHOOK_SIGNATURE_KEY: SQUARE_KEY,
      TRANSPORT_PUBLIC_URL: PUBLIC_URL,
    });
  });
  afterAll(async () => {
    await world?.close();
    await square?.close();
  });

  const sign = (body: string, url = `${PUBLIC_URL}/api/payments/square/webhook`, key = SQUARE_KEY) =>
    createHmac('sha256', key)
      .update(url + body)
      .digest('base64');

  /** An approved registration whose fee the family chose to pay: the Square order of its payment link. */
  const approvedFee = async () => {
    const created = await register(world);
    expect((await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: world.tokens.demo })).status).toBe(200);
    const invoiceId = created.registration_fee_invoice_id;
    const checkout = await payNow(world, invoiceId);
    expect(checkout.status).toBe(200);
    const key = String(checkout.body.checkout_url).split('/').at(-1) ?? '';

    return { created, invoiceId, orderId: `order-${key}`, linkId: `PL-${key}` };
  };

  it('marks the invoice of the paid order paid once; wrong signatures change nothing', async () => {
    const { invoiceId, orderId } = await approvedFee();
    const body = JSON.stringify({
      merchant_id: 'M1',
      type: 'payment.updated',
      event_id: 'e1',
      data: {
        type: 'payment',
        id: 'pay-1',
        object: {
          payment: { id: `pay-${invoiceId}`, order_id: orderId, status: 'COMPLETED', amount_money: { amount: 5000, currency: 'USD' } },
        },
      },
    });
    const before = await snapshot(world);
    for (const signature of [sign(body, 'https://elsewhere.test/api/payments/square/webhook'), sign(body, undefined, 'wrong-key'), '']) {
      expect((await post(world, '/api/payments/square/webhook', body, { 'x-square-hmacsha256-signature': signature })).status).toBe(400);
    }
    expect(await snapshot(world)).toBe(before);
    expect(await post(world, '/api/payments/square/webhook', body, { 'x-square-hmacsha256-signature': sign(body) })).toEqual({
      status: 200,
      body: { received: true, outcome: 'recorded' },
    });
    expect(await post(world, '/api/payments/square/webhook', body, { 'x-square-hmacsha256-signature': sign(body) })).toEqual({
      status: 200,
      body: { received: true, outcome: 'duplicate' },
    });
    expect(await paymentsOf(world, invoiceId)).toEqual([{ amount_cents: 5000, provider: 'square' }]);
    expect((await call(world, 'GET', `/api/billing/invoices/${invoiceId}`, { token: world.tokens.demo })).body.status).toBe('paid');
  });

  it('deletes the payment link when the invoice is voided, and records a payment that still arrives on the void invoice', async () => {
    const { invoiceId, orderId, linkId } = await approvedFee();
    const voided = await call(world, 'POST', `/api/billing/invoices/${invoiceId}/void`, {
      token: world.tokens.demo,
      body: { reason: 'Duplicate' },
    });
    expect(voided.body.checkouts).toEqual([expect.objectContaining({ provider: 'square', provider_ref: orderId, status: 'expired' })]);
    const deleted = square.requests.filter((request) => request.method === 'DELETE');
    expect(deleted.map((request) => request.path)).toEqual([`/v2/online-checkout/payment-links/${linkId}`]);
    expect(deleted[0]?.headers.authorization).toBe('Bearer sq-token');
    const body = JSON.stringify({
      merchant_id: 'M1',
      type: 'payment.updated',
      event_id: 'e2',
      data: {
        type: 'payment',
        id: 'pay-2',
        object: {
          payment: { id: `pay-void-${invoiceId}`, order_id: orderId, status: 'COMPLETED', amount_money: { amount: 5000, currency: 'USD' } },
        },
      },
    });
    expect(await post(world, '/api/payments/square/webhook', body, { 'x-square-hmacsha256-signature': sign(body) })).toEqual({
      status: 200,
      body: { received: true, outcome: 'recorded' },
    });
    const invoice = await call(world, 'GET', `/api/billing/invoices/${invoiceId}`, { token: world.tokens.demo });
    expect(invoice.body).toMatchObject({ status: 'void', amount_paid: 0, credited: 50 });
    expect(invoice.body.payments).toEqual([expect.objectContaining({ provider: 'square', flag: 'void_invoice' })]);
  });
});
