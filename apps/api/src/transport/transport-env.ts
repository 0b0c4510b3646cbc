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
 * trailing slash so a path can be appended. Unset, env.ts fills in http://localhost:TRANSPORT_PORT.
 */
const publicUrl = optionalText.pipe(
  z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .refine((value) => !value.includes('?') && !value.includes('#'), 'must not have a query or fragment')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
);

const mapTileProblem = (template: string): string | null => {
  if (!['{z}', '{x}', '{y}'].every((part) => template.includes(part))) {
    return 'must contain {z}, {x} and {y}, or be off';
  }
  try {
    const url = new URL(template.replaceAll('{s}', 'a').replace(/\{[a-z]+\}/g, '0'));

    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'must be an http:// or https:// URL';
  } catch {
    return 'must be an http:// or https:// URL';
  }
};

/** The origin tiles come from, `{s}` as a wildcard subdomain (`https://*.tile.example.com`). */
const mapTileImageSource = (template: string): string => {
  const origin = new URL(template.replaceAll('{s}', 'subdomain-placeholder').replace(/\{[a-z]+\}/g, '0')).origin;

  return origin.replace('subdomain-placeholder', '*');
};

/**
 * The web app's map background: a tile URL template with `{z}`, `{x}` and `{y}` (and optionally
 * `{s}` for a subdomain), or `off` for none (the map then draws stops, lines and buses on a plain
 * background). Parsed once into the template and the source the page's Content-Security-Policy
 * must allow for its images.
 */
const mapTileUrl = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' : value.trim()))
  .superRefine((value, context) => {
    if (value === 'off') {
      return;
    }
    const problem = mapTileProblem(value);
    if (problem) {
      context.addIssue({ code: 'custom', message: problem });
    }
  })
  .transform((value) => (value === 'off' ? null : { template: value, imageSource: mapTileImageSource(value) }));

/**
 * The address search's geocoder, a server speaking the Nominatim API: unset = OpenStreetMap's
 * public Nominatim; empty or `off` = no address search (typed coordinates still work).
 */
const geocoderUrl = z
  .string()
  .optional()
  .transform((value) => (value === undefined ? 'https://nominatim.openstreetmap.org' : value.trim()))
  .pipe(
    z.union([
      z.literal('').transform(() => null),
      z.literal('off').transform(() => null),
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, or off' }),
    ]),
  );

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
  MAP_TILE_URL: mapTileUrl,
  /** Shown on every map; the tile provider's terms usually require it. */
  MAP_TILE_ATTRIBUTION: z
    .string()
    .max(300)
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? '© OpenStreetMap contributors' : value.trim())),
  GEOCODER_URL: geocoderUrl,
  /**
   * How the geocoder's operators can reach whoever runs this service (an email address or a web
   * page), sent in the User-Agent as Nominatim's usage policy asks; optional for a private geocoder.
   */
  GEOCODER_CONTACT: optionalText.pipe(
    z
      .string()
      .max(200)
      .regex(/^[^\r\n()]*$/, 'must be one line without parentheses')
      .optional(),
  ),
  /** Outbound calls to identity, weather, traffic and payment providers give up after this long. */
  TRANSPORT_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Live position streams send a keep-alive comment this often (tests shorten it). */
  TRANSPORT_LIVE_KEEPALIVE_MS: z.coerce.number().int().min(50).max(120_000).default(15_000),
  /** A live viewer's positions gather this long before they go out as one write (well inside the second a position may take). */
  TRANSPORT_LIVE_WINDOW_MS: z.coerce.number().int().min(1).max(500).default(100),
};
