import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { DomainError } from '@switchyard/domain/errors';
import { isDatabaseUnavailable } from '@switchyard/db/database-unavailable';
import { domainErrorFromZod } from './domain-error-from-zod.ts';

/**
 * Refusals tRPC makes itself before any procedure runs, as the domain codes the REST paths answer
 * them with. A wrong method is a path not served (REST answers 404 there too).
 */
const DOMAIN_CODE_OF_TRPC_REFUSAL: Partial<Record<TRPCError['code'], [DomainError['code'], string | null]>> = {
  BAD_REQUEST: ['validation_error', null],
  PARSE_ERROR: ['validation_error', null],
  NOT_FOUND: ['not_found', null],
  METHOD_NOT_SUPPORTED: ['not_found', null],
  PAYLOAD_TOO_LARGE: ['payload_too_large', 'The request body is too large.'],
  UNSUPPORTED_MEDIA_TYPE: ['unsupported_media_type', 'Send the body as application/json.'],
};

/** Seconds a caller waits after a 503 for the database: about one pool wait limit, or a reconnect. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database out of reach (no pool connection within the wait limit, refused or lost connections)
 * is a 503 the caller may retry, not an internal error: nothing of the request was done wrong.
 */
const databaseUnavailable = (cause: unknown): DomainError =>
  new DomainError('service_unavailable', 'The database is not answering right now; try again shortly.', {
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    cause,
  });

/**
 * Any failure, from a REST path, a tRPC call or a GraphQL resolver, as the one thing every service
 * answers: a DomainError (a zod refusal becomes `validation_error`, the database out of reach
 * `service_unavailable`), or null for anything unexpected, whose text never leaves the server.
 */
export const domainErrorOf = (raw: unknown): DomainError | null => {
  let error = raw;
  if (error instanceof TRPCError) {
    if (error.cause instanceof DomainError || error.cause instanceof ZodError) {
      error = error.cause;
    } else {
      const refusal = DOMAIN_CODE_OF_TRPC_REFUSAL[error.code];
      error = refusal ? new DomainError(refusal[0], refusal[1] ?? error.message) : (error.cause ?? error);
    }
  }
  if (error instanceof ZodError) {
    return domainErrorFromZod(error);
  }
  if (error instanceof DomainError) {
    return error;
  }

  return isDatabaseUnavailable(error) ? databaseUnavailable(error) : null;
};
