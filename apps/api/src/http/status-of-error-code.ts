import type { DomainErrorCode } from '@switchyard/domain/errors';

/** HTTP status of each domain error code; every service answers with the same statuses. */
export const STATUS_OF_ERROR_CODE: Record<DomainErrorCode, number> = {
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  bad_gateway: 502,
  service_unavailable: 503,
};
