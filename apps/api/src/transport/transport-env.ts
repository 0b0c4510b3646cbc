import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const optionalUrl = optionalText.pipe(z.url().optional());

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1' || value === 'yes'));

/**
 * The address families reach the service at, behind whatever proxy: links sent out (the page a
 * payer returns to) are built on it, never on the Host header a caller chose. Kept without a
 * trailing slash so a path can be appended.
 */
const publicUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .refine((value) => !value.includes('?') && !value.includes('#'), 'must not have a query or fragment')
  .default('http://localhost:3002')
  .transform((value) => value.replace(/\/+$/, ''));

/** The transport service's variables; merged into the one environment schema in env.ts. */
export const transportEnvShape = {
  TRANSPORT_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  TRANSPORT_PUBLIC_URL: publicUrl,
  /** A Supabase Auth / GoTrue compatible server; unset = the built-in provider under /auth/v1. */
  IDENTITY_URL: optionalUrl,
  IDENTITY_API_KEY: optionalText,
  IDENTITY_SERVICE_KEY: optionalText,
  DEMO_TOKENS: flag,
  WEATHER_URL: z.url().default('https://api.open-meteo.com'),
  TOMTOM_API_KEY: optionalText,
  TOMTOM_URL: z.url().default('https://api.tomtom.com'),
  SQUARE_ACCESS_TOKEN: optionalText,
  SQUARE_LOCATION_ID: optionalText,
  SQUARE_URL: z.url().default('https://connect.squareup.com'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_URL: z.url().default('https://api.stripe.com'),
  /** The endpoint secret (`whsec_...`) Stripe signs its notifications to /api/payments/stripe/webhook with. */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** The signature key of the Square webhook subscription for /api/payments/square/webhook. */
  SQUARE_WEBHOOK_SIGNATURE_KEY: optionalText,
  /**
   * The notification URL exactly as registered with Square (it is part of what Square signs);
   * unset = TRANSPORT_PUBLIC_URL + /api/payments/square/webhook.
   */
  SQUARE_WEBHOOK_URL: optionalUrl,
  BOOTSTRAP_ADMIN_EMAIL: optionalText,
  BOOTSTRAP_ADMIN_PASSWORD: optionalText,
  SEED_DEMO: flag,
  /** Outbound calls to identity, weather, traffic and payment providers give up after this long. */
  TRANSPORT_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Live position streams send a keep-alive comment this often (tests shorten it). */
  TRANSPORT_LIVE_KEEPALIVE_MS: z.coerce.number().int().min(50).max(120_000).default(15_000),
};
