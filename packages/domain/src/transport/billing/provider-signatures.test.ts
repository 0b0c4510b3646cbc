import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { squarePaymentOf, stripePaymentOf, verifySquareSignature, verifyStripeSignature } from './provider-signatures.ts';

const body = Buffer.from('{"id":"evt_1"}');
const stripeHeader = (t: number, secret = 'whsec_test') =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body.toString()}`).digest('hex')}`;

describe('verifyStripeSignature', () => {
  it('accepts a signature over t.body within the tolerance, among other v1 values', () => {
    expect(verifyStripeSignature({ header: stripeHeader(1_000), body, secret: 'whsec_test', nowSeconds: 1_100 })).toBe(true);
    expect(
      verifyStripeSignature({
        header: `t=1000,v1=${'0'.repeat(64)},${stripeHeader(1_000).split(',')[1]}`,
        body,
        secret: 'whsec_test',
        nowSeconds: 1_000,
      }),
    ).toBe(true);
  });

  it('refuses another secret, another body, an old timestamp, and malformed headers', () => {
    expect(verifyStripeSignature({ header: stripeHeader(1_000, 'other'), body, secret: 'whsec_test', nowSeconds: 1_000 })).toBe(false);
    expect(verifyStripeSignature({ header: stripeHeader(1_000), body: Buffer.from('{}'), secret: 'whsec_test', nowSeconds: 1_000 })).toBe(
      false,
    );
    expect(verifyStripeSignature({ header: stripeHeader(1_000), body, secret: 'whsec_test', nowSeconds: 1_301 })).toBe(false);
    for (const header of [undefined, '', 't=1000', 'v1=abc', 't=x,v1=abc']) {
      expect(verifyStripeSignature({ header, body, secret: 'whsec_test', nowSeconds: 1_000 })).toBe(false);
    }
  });
});

describe('verifySquareSignature', () => {
  const url = 'https://buses.example.test/api/payments/square/webhook';
  const signature = createHmac('sha256', 'sq-key')
    .update(url + body.toString())
    .digest('base64');

  it('accepts the base64 HMAC over URL and body, and nothing else', () => {
    expect(verifySquareSignature({ header: signature, body, signatureKey: 'sq-key', notificationUrl: url })).toBe(true);
    expect(verifySquareSignature({ header: signature, body, signatureKey: 'sq-key', notificationUrl: `${url}x` })).toBe(false);
    expect(verifySquareSignature({ header: signature, body, signatureKey: 'other', notificationUrl: url })).toBe(false);
    expect(verifySquareSignature({ header: undefined, body, signatureKey: 'sq-key', notificationUrl: url })).toBe(false);
  });
});

describe('payments of notifications', () => {
  it('reads a paid checkout session and a completed Square payment, nothing else', () => {
    const session = { id: 'cs_1', client_reference_id: 'inv-1', amount_total: 5000, payment_status: 'paid' };
    expect(stripePaymentOf({ type: 'checkout.session.completed', data: { object: session } })).toEqual({
      invoiceId: 'inv-1',
      providerRef: 'cs_1',
      providerPaymentId: 'cs_1',
      amountCents: 5000,
    });
    expect(stripePaymentOf({ type: 'checkout.session.completed', data: { object: { ...session, payment_status: 'unpaid' } } })).toBeNull();
    expect(stripePaymentOf({ type: 'charge.refunded', data: { object: session } })).toBeNull();
    const payment = { id: 'pay_1', order_id: 'ord_1', status: 'COMPLETED', amount_money: { amount: 5000, currency: 'USD' } };
    expect(squarePaymentOf({ type: 'payment.updated', data: { object: { payment } } })).toEqual({
      invoiceId: null,
      providerRef: 'ord_1',
      providerPaymentId: 'pay_1',
      amountCents: 5000,
    });
    expect(squarePaymentOf({ type: 'payment.updated', data: { object: { payment: { ...payment, status: 'APPROVED' } } } })).toBeNull();
    expect(squarePaymentOf('x')).toBeNull();
  });
});
