import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { domainErrorFromZod } from '../http/domain-error-from-zod.ts';
import { retryAfterHeaders } from '../http/retry-after-headers.ts';
import { STATUS_OF_ERROR_CODE } from '../http/status-of-error-code.ts';
import { DomainError, type DomainErrorCode, type FieldIssue } from '@switchyard/domain/errors';

export type DescribedTransportError = {
  status: number;
  /** The transport API's envelope: `{"detail": "..."}`. */
  body: { detail: string };
  /** `Retry-After` on a 429 that knows when to come back. */
  headers: Record<string, string>;
  code: DomainErrorCode;
  /** Field-level problems of a `validation_error`, for the web app's forms (tRPC error data only). */
  issues: FieldIssue[];
  unexpected: boolean;
};

export const describeTransportError = (raw: unknown): DescribedTransportError => {
  let error: unknown = raw;
  if (error instanceof TRPCError) {
    if (error.cause instanceof DomainError || error.cause instanceof ZodError) {
      error = error.cause;
    } else if (error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR') {
      error = new DomainError('validation_error', error.message);
    } else if (error.code === 'NOT_FOUND') {
      error = new DomainError('not_found', 'Not found');
    } else {
      error = error.cause ?? error;
    }
  }
  if (error instanceof ZodError) {
    error = domainErrorFromZod(error);
  }
  if (!(error instanceof DomainError)) {
    return { status: 500, body: { detail: 'Internal server error' }, headers: {}, code: 'internal_error', issues: [], unexpected: true };
  }

  return {
    status: STATUS_OF_ERROR_CODE[error.code],
    body: { detail: error.message },
    headers: retryAfterHeaders(error),
    code: error.code,
    issues: error.issues,
    unexpected: error.code === 'internal_error',
  };
};
