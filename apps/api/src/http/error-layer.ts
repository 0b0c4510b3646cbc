import type { ServerResponse } from 'node:http';
import type { TRPCDefaultErrorShape, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { DomainErrorCode, FieldIssue } from '@switchyard/domain/errors';
import { sendJson } from '@switchyard/rest-adapter/send-json';
import type { DescribedFailure } from '../graphql-common/masked-errors.ts';
import type { Logger } from '../logger.ts';
import { domainErrorOf } from './domain-error-of.ts';
import { retryAfterHeaders } from './retry-after-headers.ts';
import { STATUS_OF_ERROR_CODE } from './status-of-error-code.ts';
import { TRPC_CODE_OF_ERROR_CODE } from './trpc-code-of-error-code.ts';

/** What a service gives of its errors: the body every refusal carries, and its schema for OpenAPI. */
export type ErrorEnvelope<Body> = {
  body: (code: DomainErrorCode, message: string) => Body;
  /** What an unexpected failure says: nothing of its cause. */
  internalMessage: string;
  /** JSON Schema of `body`, for the OpenAPI document. */
  schema: Record<string, unknown>;
};

export type DescribedError<Body> = {
  status: number;
  code: DomainErrorCode;
  message: string;
  body: Body;
  /** `Retry-After` on a 429 or 503 that knows when to come back. */
  headers: Record<string, string>;
  /** Field-level problems of a `validation_error`, for the web app's forms (tRPC error data only). */
  issues: FieldIssue[];
  /** Unexpected failures are logged in full; expected ones are not noise. */
  unexpected: boolean;
};

export type ErrorAnswer = { status: number; body: unknown; headers: Record<string, string> };

/**
 * One service's error layer: every door (REST, tRPC, GraphQL, the fallbacks of its router) turns a
 * failure into the same status, envelope and headers through it. The mechanism is written once
 * here; a service gives only its envelope and, if it ever differs, its status table.
 */
export const createErrorLayer = <Body>(envelope: ErrorEnvelope<Body>, statusOf: Record<DomainErrorCode, number> = STATUS_OF_ERROR_CODE) => {
  const describe = (raw: unknown): DescribedError<Body> => {
    const error = domainErrorOf(raw);
    if (!error) {
      return {
        status: statusOf.internal_error,
        code: 'internal_error',
        message: envelope.internalMessage,
        body: envelope.body('internal_error', envelope.internalMessage),
        headers: {},
        issues: [],
        unexpected: true,
      };
    }

    return {
      status: statusOf[error.code],
      code: error.code,
      message: error.message,
      body: envelope.body(error.code, error.message),
      headers: retryAfterHeaders(error),
      issues: error.issues,
      unexpected: error.code === 'internal_error',
    };
  };

  /**
   * Headers of a tRPC answer, which may carry several errors (a batch): each refusal's own headers,
   * and of several `Retry-After`s the latest, so a caller that waits that long finds every limit open.
   */
  const headersOfErrors = (errors: readonly unknown[]): Record<string, string> => {
    const retryAfter = errors.map((error) => Number(describe(error).headers['Retry-After'])).filter((seconds) => Number.isFinite(seconds));

    return retryAfter.length > 0 ? { 'Retry-After': String(Math.max(...retryAfter)) } : {};
  };

  /**
   * tRPC's `errorFormatter`. Built field by field: tRPC adds a stack trace outside production, and
   * no caller may see one. `code` follows the status, as tRPC's own codes do.
   */
  const formatTrpcError = ({ shape, error }: { shape: TRPCDefaultErrorShape; error: TRPCError }) => {
    const described = describe(error);
    const trpcCode = TRPC_CODE_OF_ERROR_CODE[described.code];

    return {
      code: TRPC_ERROR_CODES_BY_KEY[trpcCode],
      message: described.message,
      data: {
        code: trpcCode,
        httpStatus: described.status,
        path: shape.data.path,
        appCode: described.code,
        issues: described.issues,
      },
    };
  };

  /** For a GraphQL facade's masked errors: the machine code and a safe message. */
  const describeForGraphql = (error: unknown): DescribedFailure => {
    const described = describe(error);

    return { code: described.code, message: described.message, unexpected: described.unexpected };
  };

  /** For the REST adapter and the service's own answers: logs what was unexpected, hides its cause. */
  const answerWith =
    (logger: Logger) =>
    (error: unknown): ErrorAnswer => {
      const described = describe(error);
      if (described.unexpected) {
        logger.error({ err: error }, 'request failed');
      }

      return { status: described.status, body: described.body, headers: described.headers };
    };

  /** Sends a failure as the service answers every refusal. */
  const send = (res: ServerResponse, answer: ErrorAnswer): void => {
    if (!res.headersSent) {
      for (const [name, value] of Object.entries(answer.headers)) {
        res.setHeader(name, value);
      }
    }
    sendJson(res, answer.status, answer.body);
  };

  return { envelope, statusOf, describe, headersOfErrors, formatTrpcError, describeForGraphql, answerWith, send };
};

export type ErrorLayer<Body = unknown> = ReturnType<typeof createErrorLayer<Body>>;
