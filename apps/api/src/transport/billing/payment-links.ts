import { minorUnits } from '@switchyard/domain/transport/billing/money-text';
import type { Env } from '../../env.ts';
import type { Logger } from '../../logger.ts';

/**
 * `ref` is the provider's id of the checkout (a Stripe session, a Square order), which its
 * notifications name; `linkId` is what expiring it takes (the Stripe session, the Square payment link).
 */
export type PaymentLink = { provider: 'square' | 'stripe'; url: string; ref: string | null; linkId: string | null };

export type PaymentRequest = {
  amountCents: number;
  /** What the payer sees on the checkout page. */
  name: string;
  /** Same key, same link: asking twice for one invoice does not create two checkouts. */
  idempotencyKey: string;
  /** Where the provider sends the payer back after paying. */
  returnUrl: string;
  /** The invoice paid through the link; Stripe hands it back in its notification. */
  invoiceId: string;
  /** ISO 4217 of the invoice; USD when not given. */
  currency?: string;
};

type ProviderCheckout = { url: string; ref: string | null; linkId: string | null };

type ProviderEnv = Pick<
  Env,
  'SQUARE_ACCESS_TOKEN' | 'SQUARE_LOCATION_ID' | 'SQUARE_URL' | 'STRIPE_SECRET_KEY' | 'STRIPE_URL' | 'TRANSPORT_HTTP_TIMEOUT_MS'
>;

export const squareConfigured = (env: ProviderEnv): boolean => Boolean(env.SQUARE_ACCESS_TOKEN && env.SQUARE_LOCATION_ID);
export const stripeConfigured = (env: ProviderEnv): boolean => Boolean(env.STRIPE_SECRET_KEY);

const SQUARE_VERSION = '2025-01-23';

const squareLink = async (env: ProviderEnv, request: PaymentRequest): Promise<ProviderCheckout> => {
  const response = await fetch(new URL('/v2/online-checkout/payment-links', env.SQUARE_URL), {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${env.SQUARE_ACCESS_TOKEN ?? ''}`,
      'Square-Version': SQUARE_VERSION,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      idempotency_key: request.idempotencyKey,
      quick_pay: {
        name: request.name,
        price_money: {
          amount: minorUnits(request.amountCents, request.currency ?? 'USD'),
          currency: (request.currency ?? 'USD').toUpperCase(),
        },
        location_id: env.SQUARE_LOCATION_ID,
      },
      checkout_options: { redirect_url: request.returnUrl },
    }),
    signal: AbortSignal.timeout(env.TRANSPORT_HTTP_TIMEOUT_MS),
  });
  if (!response.ok) {
    throw new Error(`Square answered ${response.status}`);
  }
  const body = (await response.json()) as { payment_link?: { id?: unknown; url?: unknown; order_id?: unknown } };
  if (typeof body.payment_link?.url !== 'string') {
    throw new Error('Square answered without a payment link');
  }

  return {
    url: body.payment_link.url,
    ref: typeof body.payment_link.order_id === 'string' ? body.payment_link.order_id : null,
    linkId: typeof body.payment_link.id === 'string' ? body.payment_link.id : null,
  };
};

const stripeLink = async (env: ProviderEnv, request: PaymentRequest): Promise<ProviderCheckout> => {
  const form = new URLSearchParams({
    mode: 'payment',
    success_url: request.returnUrl,
    'line_items[0][price_data][currency]': (request.currency ?? 'USD').toLowerCase(),
    'line_items[0][price_data][unit_amount]': String(minorUnits(request.amountCents, request.currency ?? 'USD')),
    'line_items[0][price_data][product_data][name]': request.name,
    'line_items[0][quantity]': '1',
    client_reference_id: request.invoiceId,
    'metadata[invoice_id]': request.invoiceId,
  });
  const response = await fetch(new URL('/v1/checkout/sessions', env.STRIPE_URL), {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${env.STRIPE_SECRET_KEY ?? ''}`,
      'Idempotency-Key': request.idempotencyKey,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: form.toString(),
    signal: AbortSignal.timeout(env.TRANSPORT_HTTP_TIMEOUT_MS),
  });
  if (!response.ok) {
    throw new Error(`Stripe answered ${response.status}`);
  }
  const body = (await response.json()) as { url?: unknown; id?: unknown };
  if (typeof body.url !== 'string') {
    throw new Error('Stripe answered without a checkout URL');
  }

  const id = typeof body.id === 'string' ? body.id : null;

  return { url: body.url, ref: id, linkId: id };
};

/** The provider an invoice is collected through: Square when configured, else Stripe, else none. */
export const invoiceProvider = (env: ProviderEnv): PaymentLink['provider'] | 'none' =>
  squareConfigured(env) ? 'square' : stripeConfigured(env) ? 'stripe' : 'none';

/**
 * A payment link from the invoice provider, if any. Best-effort: a provider failure is logged
 * and gives no link, never an error for the caller.
 */
export const createPaymentLink = async (env: ProviderEnv, logger: Logger, request: PaymentRequest): Promise<PaymentLink | null> => {
  const provider = invoiceProvider(env);
  if (provider === 'none') {
    return null;
  }
  try {
    const checkout = provider === 'square' ? await squareLink(env, request) : await stripeLink(env, request);

    return { provider, ...checkout };
  } catch (error) {
    logger.warn({ provider, reason: error instanceof Error ? error.message : String(error) }, 'payment link not created');

    return null;
  }
};

/**
 * Ends a checkout at its provider so it can no longer be paid: Stripe expires the session
 * (`POST /v1/checkout/sessions/{id}/expire`), Square deletes the payment link
 * (`DELETE /v2/online-checkout/payment-links/{id}`). Best-effort: the checkout is already closed on
 * our side, and a payment that still arrives is recorded (as household credit when nothing is owed).
 */
export const expireCheckout = async (
  env: ProviderEnv,
  logger: Logger,
  checkout: { provider: string; link_id: string | null; invoice_id: string },
): Promise<boolean> => {
  if (!checkout.link_id) {
    return false;
  }
  const id = encodeURIComponent(checkout.link_id);
  try {
    const response =
      checkout.provider === 'stripe' && env.STRIPE_SECRET_KEY
        ? await fetch(new URL(`/v1/checkout/sessions/${id}/expire`, env.STRIPE_URL), {
            method: 'POST',
            headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
            signal: AbortSignal.timeout(env.TRANSPORT_HTTP_TIMEOUT_MS),
          })
        : checkout.provider === 'square' && env.SQUARE_ACCESS_TOKEN
          ? await fetch(new URL(`/v2/online-checkout/payment-links/${id}`, env.SQUARE_URL), {
              method: 'DELETE',
              headers: { Authorization: `Bearer ${env.SQUARE_ACCESS_TOKEN}`, 'Square-Version': SQUARE_VERSION },
              signal: AbortSignal.timeout(env.TRANSPORT_HTTP_TIMEOUT_MS),
            })
          : null;
    if (!response) {
      return false;
    }
    await response.body?.cancel();
    if (!response.ok) {
      throw new Error(`${checkout.provider} answered ${response.status}`);
    }

    return true;
  } catch (error) {
    logger.warn(
      { provider: checkout.provider, invoice_id: checkout.invoice_id, reason: error instanceof Error ? error.message : String(error) },
      'checkout not expired',
    );

    return false;
  }
};

/** Expires each checkout a change closed, one after another (there is at most one open per invoice). */
export const expireCheckouts = async (
  env: ProviderEnv,
  logger: Logger,
  checkouts: readonly { provider: string; link_id: string | null; invoice_id: string }[],
): Promise<void> => {
  for (const checkout of checkouts) {
    await expireCheckout(env, logger, checkout);
  }
};
