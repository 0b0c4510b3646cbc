import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { DomainErrorCode } from '@switchyard/domain/errors';

/**
 * The tRPC error code of each domain code, so a tRPC client reads the same outcome from `code` as
 * from `data.httpStatus` (NOT_FOUND with 404, TOO_MANY_REQUESTS with 429).
 */
export const TRPC_CODE_OF_ERROR_CODE: Record<DomainErrorCode, TRPC_ERROR_CODE_KEY> = {
  validation_error: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  unsupported_media_type: 'UNSUPPORTED_MEDIA_TYPE',
  rate_limited: 'TOO_MANY_REQUESTS',
  internal_error: 'INTERNAL_SERVER_ERROR',
  bad_gateway: 'BAD_GATEWAY',
  service_unavailable: 'SERVICE_UNAVAILABLE',
};
