import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { headerValue, type HeaderBag } from './headers.ts';

export type SignatureScheme = 'standard-webhooks' | 'github' | 'gitlab' | 'generic';

/** A verified request; `signedId` is the Standard Webhooks message id, which the signature covers. */
export type VerifiedSignature = { ok: true; scheme: SignatureScheme; signedId?: string };

export type SignatureCheck =
  VerifiedSignature | { ok: false; scheme: SignatureScheme | null; reason: 'missing' | 'mismatch' | 'malformed' | 'expired' };

export type VerifySignatureInput = {
  headers: HeaderBag;
  rawBody: Uint8Array;
  secret: string;
  nowSeconds: number;
};

/** Standard Webhooks: a timestamp more than five minutes away from now is a replay or a stale retry. */
export const STANDARD_WEBHOOKS_TOLERANCE_SECONDS = 300;

const hmacSha256 = (key: Uint8Array | string, ...parts: (Uint8Array | string)[]): Buffer => {
  const hmac = createHmac('sha256', key);
  for (const part of parts) {
    hmac.update(part);
  }

  return hmac.digest();
};

const equalBytes = (expected: Buffer, given: Buffer): boolean => expected.length === given.length && timingSafeEqual(expected, given);

/** Both sides are hashed first, so the comparison takes the same time whatever their lengths. */
const equalSecrets = (expected: string, given: string): boolean =>
  timingSafeEqual(createHash('sha256').update(expected, 'utf8').digest(), createHash('sha256').update(given, 'utf8').digest());

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

const hexDigestMatches = (expected: Buffer, hex: string): boolean => HEX_SHA256.test(hex) && equalBytes(expected, Buffer.from(hex, 'hex'));

/** Standard Webhooks keys are 24 to 64 bytes; anything shorter is guessable, anything else a mistake. */
export const STANDARD_WEBHOOKS_KEY_BYTES = { min: 24, max: 64 } as const;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The key bytes of a `whsec_` secret, or null when it is not strict base64 of 24 to 64 bytes:
 * Node's lenient decoder turns `whsec_` or `whsec_!!!!` into an empty key anyone can sign with.
 */
export const decodeWhsecKey = (secret: string): Buffer | null => {
  const encoded = secret.slice('whsec_'.length);
  if (!BASE64.test(encoded)) {
    return null;
  }
  const key = Buffer.from(encoded, 'base64');

  return key.length >= STANDARD_WEBHOOKS_KEY_BYTES.min && key.length <= STANDARD_WEBHOOKS_KEY_BYTES.max ? key : null;
};

/** Why a secret cannot be used, or null when it can; every route's secret passes this. */
export const secretProblem = (secret: string): string | null => {
  if (secret === '') {
    return 'secret is empty';
  }
  if (secret.startsWith('whsec_') && decodeWhsecKey(secret) === null) {
    return `whsec_ secret must be base64 of ${STANDARD_WEBHOOKS_KEY_BYTES.min} to ${STANDARD_WEBHOOKS_KEY_BYTES.max} bytes`;
  }

  return null;
};

/** `whsec_` secrets carry base64 key bytes (null when invalid); any other secret is used as its UTF-8 bytes. */
export const standardWebhooksKey = (secret: string): Buffer | null =>
  secret.startsWith('whsec_') ? decodeWhsecKey(secret) : Buffer.from(secret, 'utf8');

const verifyStandardWebhooks = (input: VerifySignatureInput, prefix: 'webhook' | 'svix'): SignatureCheck => {
  const scheme = 'standard-webhooks';
  const id = headerValue(input.headers, `${prefix}-id`);
  const timestamp = headerValue(input.headers, `${prefix}-timestamp`);
  const signatures = headerValue(input.headers, `${prefix}-signature`);
  if (id === undefined || timestamp === undefined || signatures === undefined) {
    return { ok: false, scheme, reason: 'missing' };
  }
  if (!/^\d{1,12}$/.test(timestamp)) {
    return { ok: false, scheme, reason: 'malformed' };
  }
  if (Math.abs(input.nowSeconds - Number(timestamp)) > STANDARD_WEBHOOKS_TOLERANCE_SECONDS) {
    return { ok: false, scheme, reason: 'expired' };
  }
  const key = standardWebhooksKey(input.secret);
  // Fails closed: an unusable key must not become an empty HMAC key anyone can sign with.
  if (key === null || key.length === 0) {
    return { ok: false, scheme, reason: 'mismatch' };
  }
  const expected = hmacSha256(key, `${id}.${timestamp}.`, input.rawBody);
  // Several space-separated signatures let a sender rotate its secret; one valid v1 entry is enough.
  for (const entry of signatures.split(' ')) {
    const [version, encoded] = entry.split(',', 2);
    if (version === 'v1' && encoded !== undefined && equalBytes(expected, Buffer.from(encoded, 'base64'))) {
      return { ok: true, scheme, signedId: id };
    }
  }

  return { ok: false, scheme, reason: 'mismatch' };
};

/**
 * Checks the request against the secret with the first signature family whose header is present.
 * Standard Webhooks is chosen only by its signature header: GitLab sends `webhook-id` and
 * `webhook-timestamp` on every delivery, token-authenticated ones included.
 */
export const verifySignature = (input: VerifySignatureInput): SignatureCheck => {
  const { headers } = input;
  // No secret authenticates nothing: an empty HMAC key or token would be known to everyone.
  if (input.secret === '') {
    return { ok: false, scheme: null, reason: 'mismatch' };
  }
  if (headerValue(headers, 'webhook-signature') !== undefined) {
    return verifyStandardWebhooks(input, 'webhook');
  }
  if (headerValue(headers, 'svix-signature') !== undefined) {
    return verifyStandardWebhooks(input, 'svix');
  }
  const github = headerValue(headers, 'x-hub-signature-256');
  if (github !== undefined) {
    const hex = github.startsWith('sha256=') ? github.slice('sha256='.length) : null;
    if (hex === null) {
      return { ok: false, scheme: 'github', reason: 'malformed' };
    }
    const matches = hexDigestMatches(hmacSha256(input.secret, input.rawBody), hex);

    return matches ? { ok: true, scheme: 'github' } : { ok: false, scheme: 'github', reason: 'mismatch' };
  }
  const gitlab = headerValue(headers, 'x-gitlab-token');
  if (gitlab !== undefined) {
    return equalSecrets(input.secret, gitlab) ? { ok: true, scheme: 'gitlab' } : { ok: false, scheme: 'gitlab', reason: 'mismatch' };
  }
  const generic = headerValue(headers, 'x-webhook-signature');
  if (generic !== undefined) {
    const hex = generic.startsWith('sha256=') ? generic.slice('sha256='.length) : generic;
    const matches = hexDigestMatches(hmacSha256(input.secret, input.rawBody), hex);

    return matches ? { ok: true, scheme: 'generic' } : { ok: false, scheme: 'generic', reason: 'mismatch' };
  }

  return { ok: false, scheme: null, reason: 'missing' };
};

/** The GitHub header value for a body, as `webhook test` and senders in tests produce it. */
export const githubSignature = (secret: string, body: Uint8Array | string): string => `sha256=${hmacSha256(secret, body).toString('hex')}`;

/** The Standard Webhooks `webhook-signature` value for one message. */
export const standardWebhooksSignature = (secret: string, id: string, timestampSeconds: number, body: Uint8Array | string): string => {
  const key = standardWebhooksKey(secret);
  if (key === null) {
    throw new RangeError('invalid whsec_ secret');
  }

  return `v1,${hmacSha256(key, `${id}.${timestampSeconds}.`, body).toString('base64')}`;
};

/** The generic `X-Webhook-Signature` value: hex HMAC-SHA256 of the raw body. */
export const genericSignature = (secret: string, body: Uint8Array | string): string => hmacSha256(secret, body).toString('hex');
