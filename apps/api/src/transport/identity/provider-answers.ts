import type { ServerResponse } from 'node:http';
import { sendJson } from '@switchyard/rest-adapter/send-json';

/** A GoTrue-shaped refusal: `{code, error_code, msg}`, or OAuth's `{error, error_description}` on /token. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.msg === 'string' ? body.msg : String(body.error_description ?? body.error ?? status));
  }
}

/** GoTrue's 429, with the seconds to wait in the body and, as HTTP clients expect, in Retry-After. */
export const refuseRateLimited = (msg: string, retryAfterSeconds: number): ProviderError =>
  new ProviderError(
    429,
    { code: 429, error_code: 'over_request_rate_limit', msg, retry_after: retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );

export const refuse = (status: number, errorCode: string, msg: string): ProviderError =>
  new ProviderError(status, { code: status, error_code: errorCode, msg });

export const refuseGrant = (description: string): ProviderError =>
  new ProviderError(400, { error: 'invalid_grant', error_description: description, error_code: 'invalid_credentials' });

export const answer = (res: ServerResponse, status: number, body: unknown): void => {
  sendJson(res, status, body);
};
