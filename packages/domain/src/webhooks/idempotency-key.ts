import { createHash } from 'node:crypto';
import { headerValue, type HeaderBag } from './headers.ts';

/** Headers senders use for a per-delivery id that stays the same across their retries. */
export const DELIVERY_ID_HEADERS = [
  'x-github-delivery',
  'webhook-id',
  'svix-id',
  'x-gitlab-event-uuid',
  'x-request-id',
] as const;

/** How long a delivered event's key keeps answering "duplicate". */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const sha256Hex = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

export const senderDeliveryId = (headers: HeaderBag): string | undefined => {
  for (const name of DELIVERY_ID_HEADERS) {
    const value = headerValue(headers, name);
    if (value !== undefined) {
      return value;
    }
  }

  return undefined;
};

/**
 * Keyed by route as well as by id: one provider event fanned out to two routes is two deliveries.
 * Without an id header the body hash stands in, so a sender's identical retry is still recognised.
 */
export const idempotencyKey = (route: string, headers: HeaderBag, rawBody: Uint8Array): string => {
  const id = senderDeliveryId(headers);
  if (id === undefined) {
    return `${route}:body:${sha256Hex(rawBody)}`;
  }

  return id.length <= 200 ? `${route}:id:${id}` : `${route}:id-sha256:${sha256Hex(id)}`;
};
