import { createHash } from 'node:crypto';
import { headerValue, type HeaderBag } from './headers.ts';
import type { SignatureScheme, VerifiedSignature } from './verify-signature.ts';

/**
 * The delivery-id header of each scheme without a signed id. Only the header of the scheme that
 * verified the request counts: any other header is unsigned, so a captured Standard Webhooks
 * request replayed with a fresh `X-GitHub-Delivery` would otherwise look like a new event.
 */
const DELIVERY_ID_HEADER: Record<Exclude<SignatureScheme, 'standard-webhooks'>, string> = {
  github: 'x-github-delivery',
  gitlab: 'x-gitlab-event-uuid',
  generic: 'x-request-id',
};

/** How long a delivered event's key keeps answering "duplicate". */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const sha256Hex = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

/** Standard Webhooks: the signed `webhook-id`/`svix-id`; other schemes: their own id header. */
export const senderDeliveryId = (verified: VerifiedSignature, headers: HeaderBag): string | undefined =>
  verified.scheme === 'standard-webhooks' ? verified.signedId : headerValue(headers, DELIVERY_ID_HEADER[verified.scheme]);

/**
 * Keyed by route as well as by id: one provider event fanned out to two routes is two deliveries.
 * Without an id header the body hash stands in, so a sender's identical retry is still recognised.
 */
export const idempotencyKey = (route: string, verified: VerifiedSignature, headers: HeaderBag, rawBody: Uint8Array): string => {
  const id = senderDeliveryId(verified, headers);
  if (id === undefined) {
    return `${route}:body:${sha256Hex(rawBody)}`;
  }

  return id.length <= 200 ? `${route}:id:${id}` : `${route}:id-sha256:${sha256Hex(id)}`;
};
