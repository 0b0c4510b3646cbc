import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { STATUS_OF_ERROR_CODE } from '../http/status-of-error-code.ts';
import { DomainError, type DomainErrorCode } from '@switchyard/domain/errors';

export type DescribedTransportError = {
  status: number;
  /** The transport API's envelope: `{"detail": "..."}`. */
  body: { detail: string };
  code: DomainErrorCode;
  unexpected: boolean;
};

const fromZod = (error: ZodError): DomainError => {
  const parts = error.issues.slice(0, 3).map((issue) => {
    const path = issue.path.join('.');
    const message = issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message;

    return path ? `${path}: ${message}` : message;
  });

  return new DomainError('validation_error', parts.join('; ') || 'The request is not valid.');
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
    error = fromZod(error);
  }
  if (!(error instanceof DomainError)) {
    return { status: 500, body: { detail: 'Internal server error' }, code: 'internal_error', unexpected: true };
  }

  return { status: STATUS_OF_ERROR_CODE[error.code], body: { detail: error.message }, code: error.code, unexpected: error.code === 'internal_error' };
};
