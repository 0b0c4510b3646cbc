import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  payNow,
  payTokenOf,
  registerApproved,
  snapshot,
  startBillingWorld,
  startFakeProvider,
  type BillingWorld,
} from './billing-support.ts';

type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;
const STRIPE_SECRET = 'whsec_cGF5LXBhZ2U';
const PUBLIC_URL = 'https://buses.example.test';
const WEDNESDAY = new Date('2026-11-25T15:00:00Z');

let world: BillingWorld;
let stripe: FakeProvider;

beforeAll(async () => {
  // Each checkout session is named after its idempotency key; expiring answers the session.
  stripe = await startFakeProvider((request) => {
    if (request.path.endsWith('/expire')) {
      return { status: 200, body: { id: request.path.split('/').at(-2), object: 'checkout.session', status: 'expired' } };
    }
    const id = `cs_${String(request.headers['idempotency-key'])}`;

    return { status: 200, body: { id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}` } };
  });
  world = await startBillingWorld({
    STRIPE_URL: stripe.url,
    STRIPE_SECRET_KEY: 'sk_test',
    STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
    TRANSPORT_PUBLIC_URL: PUBLIC_URL,
  });
  world.transport.setNow(WEDNESDAY);
});
afterAll(async () => {
  await world?.close();
  await stripe?.close();
});

const sign = (body: string) => {
  const at = Math.floor(WEDNESDAY.getTime() / 1000);

  return `t=${at},v1=${createHmac('sha256', STRIPE_SECRET).update(`${at}.${body}`).digest('hex')}`;
};

const completed = (invoiceId: string, sessionId: string, amountCents: number) => {
  const body = JSON.stringify({
    id: `evt_${sessionId}`,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: invoiceId,
        amount_total: amountCents,
        payment_status: 'paid',
      },
    },
  });

  return call(world, 'POST', '/api/payments/stripe/webhook', {
    rawBody: body,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': sign(body) },
  });
};

let sequence = 0;
/** A weekly invoice of 295.00 sent to its payer, in a tenant of its own: its id and the pay-page token the mail carries. */
const sentWeek = async () => {
  sequence += 1;
  const tenant = `pay-${sequence}`;
  await world.transport.db.fork().execute('insert into transport_tenant (id, name) values (?, ?)', [tenant, `Pay Buses ${sequence}`]);
  const token = world.identity.addUser({ email: `ops@${tenant}.test`, appRole: 'operator', appTenant: tenant });
  const created = await registerApproved(world, token, { tenant, first_pickup_date: '2026-11-23' });
  const generated = await call(world, 'POST', '/api/billing/generate', { token });
  const invoice = generated.body.invoices.find((item: { household_id: string }) => item.household_id === created.household_id);
  expect((await call(world, 'POST', `/api/billing/invoices/${invoice.id}/send`, { token })).status).toBe(200);

  return { tenant, token, invoiceId: invoice.id as string, payToken: await payTokenOf(world, invoice.id) };
};

const sessionOf = (checkoutUrl: string) => checkoutUrl.split('/').at(-1) ?? '';
const expiries = () =>
  stripe.requests.filter((request) => request.path.endsWith('/expire')).map((request) => request.path.split('/').at(-2));

describe('a payment link is always for what is still owed', () => {
  it('after a partial cheque, the mailed link makes a checkout for the rest; paying it pays the invoice exactly', async () => {
    const { token, invoiceId, payToken } = await sentWeek();
    const mail = await world.transport.smtp.waitFor((message) => message.text.includes(invoiceId));
    expect(mail.text).toContain(`${PUBLIC_URL}/pay/${payToken}`);
    expect((await call(world, 'GET', `/api/payments/pay/${payToken}`)).body).toEqual({
      operator: expect.stringMatching(/^Pay Buses/),
      description: 'School transport 2026-11-23 to 2026-11-29',
      kind: 'transportation',
      cycle_start: '2026-11-23',
      cycle_end: '2026-11-29',
      status: 'sent',
      currency: 'USD',
      amount: 295,
      amount_paid: 0,
      balance: 295,
      provider: 'stripe',
      payable: true,
      reason: null,
      returned: null,
    });

    const first = await payNow(world, invoiceId);
    expect(first.body).toMatchObject({ amount: 295 });
    const firstSession = sessionOf(first.body.checkout_url);
    expect(new URLSearchParams(stripe.requests.at(-1)?.body ?? '').get('line_items[0][price_data][unit_amount]')).toBe('29500');
    // Asking again for the same balance gives the same checkout, and asks Stripe nothing.
    const requests = stripe.requests.length;
    expect((await payNow(world, invoiceId)).body.checkout_url).toBe(first.body.checkout_url);
    expect(stripe.requests.length).toBe(requests);

    const cheque = await call(world, 'POST', `/api/billing/invoices/${invoiceId}/payments`, {
      token,
      body: { amount: 200, method: 'check', reference: 'cheque 1041' },
    });
    expect(cheque.body).toMatchObject({ status: 'partial', balance: 95 });
    // Every recorded payment is receipted to the payer through the outbox.
    const chequeReceipt = await world.transport.smtp.waitFor(
      (message) => message.text.includes(`Invoice: ${invoiceId}`) && message.subject.includes('receipt for your payment of $200.00'),
    );
    expect(chequeReceipt.text).toContain(
      'received your payment of $200.00 on 2026-11-25 by cheque, for School transport 2026-11-23 to 2026-11-29.',
    );
    expect(chequeReceipt.text).toContain('Still to pay on this invoice: $95.00.');
    // The checkout for 295.00 can no longer be paid.
    expect(expiries()).toContain(firstSession);
    expect((await call(world, 'GET', `/api/payments/pay/${payToken}`)).body).toMatchObject({ balance: 95, payable: true });

    const second = await payNow(world, invoiceId);
    expect(second.body).toMatchObject({ amount: 95 });
    const secondSession = sessionOf(second.body.checkout_url);
    const form = new URLSearchParams(stripe.requests.at(-1)?.body ?? '');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('9500');
    const checkoutId = new URL(form.get('success_url') ?? '').searchParams.get('checkout');
    expect((await call(world, 'GET', `/api/payments/pay/${payToken}?checkout=${checkoutId}`)).body.returned).toBe('confirming');

    expect((await completed(invoiceId, secondSession, 9500)).body).toEqual({ received: true, outcome: 'recorded' });
    const cardReceipt = await world.transport.smtp.waitFor(
      (message) => message.text.includes(`Invoice: ${invoiceId}`) && message.subject.includes('receipt for your payment of $95.00'),
    );
    expect(cardReceipt.text).toContain('by card');
    expect(cardReceipt.text).toContain('The invoice is paid in full. Nothing more is owed on it.');
    const returned = await call(world, 'GET', `/api/payments/pay/${payToken}?checkout=${checkoutId}`);
    expect(returned.body).toMatchObject({ returned: 'received', status: 'paid', balance: 0, payable: false, reason: 'paid' });
    const invoice = await call(world, 'GET', `/api/billing/invoices/${invoiceId}`, { token });
    expect(invoice.body).toMatchObject({ status: 'paid', amount: 295, amount_paid: 295, balance: 0, credited: 0 });
    // Made at one instant of the test clock, so compared without order.
    expect(invoice.body.checkouts.map((checkout: { amount: number; status: string }) => [checkout.amount, checkout.status])).toEqual(
      expect.arrayContaining([
        [295, 'expired'],
        [95, 'completed'],
      ]),
    );
    expect(invoice.body.checkouts).toHaveLength(2);
    const paid = await payNow(world, invoiceId);
    expect(paid.status).toBe(409);
    expect(paid.body.detail).toContain('paid');
  });

  it('a new checkout expires the open one made for another balance', async () => {
    const { invoiceId, payToken } = await sentWeek();
    const first = sessionOf((await payNow(world, invoiceId)).body.checkout_url);
    // A balance change recorded outside the service (as an import would) leaves the old checkout open.
    await world.transport.db
      .fork()
      .execute("update transport_invoice set amount_paid_cents = 1000, status = 'partial' where id = ?", [invoiceId]);
    const second = await payNow(world, invoiceId);
    expect(second.body.amount).toBe(285);
    expect(expiries()).toContain(first);
    const page = await call(world, 'GET', `/api/payments/pay/${payToken}`);
    expect(page.body.balance).toBe(285);
  });

  it('makes no checkout for a void invoice', async () => {
    const { token, invoiceId, payToken } = await sentWeek();
    expect((await call(world, 'POST', `/api/billing/invoices/${invoiceId}/void`, { token, body: { reason: 'Moved away' } })).status).toBe(
      200,
    );
    const requests = stripe.requests.length;
    // The mailed link still leads to the page, which says the invoice was cancelled.
    const refused = await call(world, 'POST', `/api/payments/pay/${payToken}/checkout`, { body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('cancelled');
    expect(stripe.requests.length).toBe(requests);
    expect((await call(world, 'GET', `/api/payments/pay/${payToken}`)).body).toMatchObject({
      status: 'void',
      payable: false,
      reason: 'void',
    });
  });

  it('answers 404 to an unknown link, 400 to a malformed one or unknown fields, and changes nothing', async () => {
    await sentWeek();
    const before = await snapshot(world);
    const requests = stripe.requests.length;
    const unknown = 'A'.repeat(32);
    expect(await call(world, 'GET', `/api/payments/pay/${unknown}`)).toEqual({ status: 404, body: { detail: 'Invoice not found' } });
    expect((await call(world, 'POST', `/api/payments/pay/${unknown}/checkout`, { body: {} })).status).toBe(404);
    for (const [method, path, body] of [
      ['GET', '/api/payments/pay/short', undefined],
      ['GET', `/api/payments/pay/${'A'.repeat(31)}%00`, undefined],
      ['GET', `/api/payments/pay/${unknown}?checkout=nope`, undefined],
      ['GET', `/api/payments/pay/${unknown}?extra=1`, undefined],
      ['POST', '/api/payments/pay/short/checkout', {}],
      ['POST', `/api/payments/pay/${unknown}/checkout`, { amount: 1 }],
    ] as const) {
      expect((await call(world, method, path, body === undefined ? {} : { body })).status, `${method} ${path}`).toBe(400);
    }
    expect(await snapshot(world)).toBe(before);
    expect(stripe.requests.length).toBe(requests);
  });

  it('limits checkouts per address', async () => {
    const { invoiceId, payToken } = await sentWeek();
    const address = { 'X-Forwarded-For': '10.200.200.200' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push((await call(world, 'POST', `/api/payments/pay/${payToken}/checkout`, { body: {}, headers: address })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await payNow(world, invoiceId)).status).toBe(200);
  });

  it('is documented in the OpenAPI document', async () => {
    const document = (await call(world, 'GET', '/api/openapi.json')).body;
    expect(document.paths['/api/payments/pay/{token}']?.get.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'balance',
    );
    expect(
      document.paths['/api/payments/pay/{token}/checkout']?.post.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('checkout_url');
  });
});
