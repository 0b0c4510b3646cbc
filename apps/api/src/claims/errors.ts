import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { domainErrorFromZod } from '../http/domain-error-from-zod.ts';
import { retryAfterHeaders } from '../http/retry-after-headers.ts';
import { STATUS_OF_ERROR_CODE } from '../http/status-of-error-code.ts';
import { DomainError, type DomainErrorCode, type FieldIssue } from '@switchyard/domain/errors';

export type DescribedError = {
  status: number;
  body: { error: { code: DomainErrorCode; message: string } };
  headers: Record<string, string>;
  issues: FieldIssue[];
  /** Unexpected failures are logged in full; expected ones are not noise. */
  unexpected: boolean;
};

const unwrap = (error: unknown): unknown => {
  if (error instanceof TRPCError) {
    if (error.cause instanceof DomainError || error.cause instanceof ZodError) {
      return error.cause;
    }
    if (error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR') {
      return new DomainError('validation_error', error.message);
    }
    if (error.code === 'NOT_FOUND') {
      return new DomainError('not_found', error.message);
    }
    // Refusals tRPC makes itself before any procedure runs, answered as the REST paths answer them.
    if (error.code === 'METHOD_NOT_SUPPORTED') {
      return new DomainError('not_found', error.message);
    }
    if (error.code === 'PAYLOAD_TOO_LARGE') {
      return new DomainError('payload_too_large', 'The request body is too large.');
    }
    if (error.code === 'UNSUPPORTED_MEDIA_TYPE') {
      return new DomainError('unsupported_media_type', 'Send the body as application/json.');
    }

    return error.cause ?? error;
  }

  return error;
};

export const describeError = (raw: unknown): DescribedError => {
  let error = unwrap(raw);
  if (error instanceof ZodError) {
    error = domainErrorFromZod(error);
  }
  if (!(error instanceof DomainError)) {
    return {
      status: 500,
      body: { error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' } },
      headers: {},
      issues: [],
      unexpected: true,
    };
  }
  return {
    status: STATUS_OF_ERROR_CODE[error.code],
    body: { error: { code: error.code, message: error.message } },
    headers: retryAfterHeaders(error),
    issues: error.issues,
    unexpected: error.code === 'internal_error',
  };
};

/**
 * Headers of a tRPC answer, which may carry several errors (a batch): each refusal's own headers,
 * and of several `Retry-After`s the latest, so a caller that waits that long finds every limit open.
 */
export const headersOfErrors = (errors: readonly unknown[]): Record<string, string> => {
  const retryAfter = errors
    .map((error) => Number(describeError(error).headers['Retry-After']))
    .filter((seconds) => Number.isFinite(seconds));

  return retryAfter.length > 0 ? { 'Retry-After': String(Math.max(...retryAfter)) } : {};
};
