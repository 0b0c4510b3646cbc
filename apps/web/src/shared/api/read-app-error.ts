import { isTRPCClientError } from '@trpc/client';
import { HttpError, type FieldIssue } from './http-error.ts';
import { retryAfterOf } from './retry-after-of.ts';

export type AppErrorInfo = {
  code: string;
  message: string;
  issues: FieldIssue[];
  /** From a 429's or 503's `Retry-After`, so a page can say how long to wait. */
  retryAfterSeconds?: number;
};

const NETWORK_MESSAGE = 'We could not reach the server. Check your connection and try again.';

const isIssue = (value: unknown): value is FieldIssue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FieldIssue).path === 'string' &&
  typeof (value as FieldIssue).message === 'string';

/** One shape for every failure a page may show: tRPC errors, REST errors and lost connections. */
export const readAppError = (error: unknown): AppErrorInfo => {
  if (isTRPCClientError(error)) {
    const data = (error.data ?? {}) as { appCode?: unknown; issues?: unknown };
    if (typeof data.appCode !== 'string') {
      return { code: 'network_error', message: NETWORK_MESSAGE, issues: [] };
    }
    const issues = Array.isArray(data.issues) ? data.issues.filter(isIssue) : [];

    const retryAfterSeconds = retryAfterOf(error.meta);

    return { code: data.appCode, message: error.message, issues, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
  }
  if (error instanceof HttpError) {
    return { code: error.code, message: error.message, issues: [] };
  }

  return { code: 'network_error', message: NETWORK_MESSAGE, issues: [] };
};
