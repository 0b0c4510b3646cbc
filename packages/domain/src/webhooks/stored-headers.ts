import type { HeaderBag } from './headers.ts';

/** What a masked header's value is stored and shown as. */
export const MASKED_HEADER_VALUE = '[masked]';

/** The headers verifySignature reads a signature or token from (verify-signature.ts). */
export const SIGNATURE_HEADERS: readonly string[] = [
  'webhook-signature',
  'svix-signature',
  'x-hub-signature-256',
  'x-gitlab-token',
  'x-webhook-signature',
];

// Any other header named like a credential: X-Hub-Signature (sha1), Stripe-Signature,
// X-Signature, Authorization, X-Api-Key, a cookie, a token or a secret by any name.
const CREDENTIAL_NAME = /signature|token|secret|authorization|api[-_]?key|cookie|password/i;

export const isMaskedHeader = (name: string): boolean => {
  const lower = name.toLowerCase();

  return SIGNATURE_HEADERS.includes(lower) || CREDENTIAL_NAME.test(lower);
};

/**
 * The request headers as a delivery keeps them: lower-case names, repeated headers joined with
 * ", ", and signatures, tokens and secrets replaced before they are stored, so the database never
 * holds anything a request could be forged with.
 */
export const headersToStore = (headers: HeaderBag): Record<string, string> => {
  const stored: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value === undefined) {
      continue;
    }
    stored[name.toLowerCase()] = isMaskedHeader(name) ? MASKED_HEADER_VALUE : Array.isArray(value) ? value.join(', ') : value;
  }

  return stored;
};
