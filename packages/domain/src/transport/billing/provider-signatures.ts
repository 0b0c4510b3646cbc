import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a Stripe signature's timestamp may be from now: Stripe's own libraries use five minutes. */
export const STRIPE_TOLERANCE_SECONDS = 300;

const equalText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);

  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Stripe's scheme: `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=...]`, each v1 an HMAC-SHA256
 * with the endpoint secret over `<t>.<raw body>`. A timestamp outside the tolerance is refused, so
 * a captured notification cannot be replayed later.
 */
export const verifyStripeSignature = (input: {
  header: string | undefined;
  body: Buffer;
  secret: string;
  nowSeconds: number;
  toleranceSeconds?: number;
}): boolean => {
  if (!input.header) {
    return false;
  }
  let timestamp: string | null = null;
  const signatures: string[] = [];
  for (const part of input.header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value) {
      timestamp = value;
    } else if (key === 'v1' && value) {
      signatures.push(value);
    }
  }
  if (timestamp === null || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) {
    return false;
  }
  if (Math.abs(input.nowSeconds - Number(timestamp)) > (input.toleranceSeconds ?? STRIPE_TOLERANCE_SECONDS)) {
    return false;
  }
  const expected = createHmac('sha256', input.secret).update(`${timestamp}.`).update(input.body).digest('hex');

  return signatures.some((signature) => equalText(signature, expected));
};

/**
 * Square's scheme: `x-square-hmacsha256-signature` is the base64 HMAC-SHA256 with the subscription's
 * signature key over the notification URL as registered with Square followed by the raw body.
 */
export const verifySquareSignature = (input: {
  header: string | undefined;
  body: Buffer;
  signatureKey: string;
  notificationUrl: string;
}): boolean => {
  if (!input.header) {
    return false;
  }
  const expected = createHmac('sha256', input.signatureKey).update(input.notificationUrl).update(input.body).digest('base64');

  return equalText(input.header.trim(), expected);
};

/** What a verified notification says was paid: which invoice (by id or by the provider's checkout id), once. */
export type ProviderPayment = { invoiceId: string | null; providerRef: string | null; providerPaymentId: string; amountCents: number };

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null);
const cents = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 100_000_000 ? value : null;

/** A completed, paid Stripe checkout session; anything else (other events, unpaid sessions) is null. */
export const stripePaymentOf = (event: unknown): ProviderPayment | null => {
  const body = record(event);
  if (body.type !== 'checkout.session.completed' && body.type !== 'checkout.session.async_payment_succeeded') {
    return null;
  }
  const session = record(record(body.data).object);
  const sessionId = text(session.id);
  const amount = cents(session.amount_total);
  if (session.payment_status !== 'paid' || !sessionId || amount === null) {
    return null;
  }

  return {
    invoiceId: text(session.client_reference_id) ?? text(record(session.metadata).invoice_id),
    providerRef: sessionId,
    providerPaymentId: sessionId,
    amountCents: amount,
  };
};

/** A completed Square payment (`payment.created` or `payment.updated`); anything else is null. */
export const squarePaymentOf = (event: unknown): ProviderPayment | null => {
  const body = record(event);
  if (body.type !== 'payment.updated' && body.type !== 'payment.created') {
    return null;
  }
  const payment = record(record(record(body.data).object).payment);
  const paymentId = text(payment.id);
  const orderId = text(payment.order_id);
  const amount = cents(record(payment.amount_money).amount);
  if (payment.status !== 'COMPLETED' || !paymentId || !orderId || amount === null) {
    return null;
  }

  return { invoiceId: null, providerRef: orderId, providerPaymentId: paymentId, amountCents: amount };
};
