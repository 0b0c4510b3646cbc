import type { DomainError } from '@switchyard/domain/errors';

/** `Retry-After` for a refusal that knows when the caller may come back (429, 503); no headers otherwise. */
export const retryAfterHeaders = (error: DomainError): Record<string, string> =>
  (error.code === 'rate_limited' || error.code === 'service_unavailable') && error.retryAfterSeconds !== undefined
    ? { 'Retry-After': String(error.retryAfterSeconds) }
    : {};
