import type { ServerResponse } from 'node:http';
import { sendJson } from '@switchyard/rest-adapter/send-json';

/** A GoTrue-shaped refusal: `{code, error_code, msg}`, or OAuth's `{error, error_description}` on /token. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.msg === 'string' ? body.msg : String(body.error_description ?? body.error ?? status));
  }
}

export const refuse = (status: number, errorCode: string, msg: string): ProviderError => new ProviderError(status, { code: status, error_code: errorCode, msg });

export const refuseGrant = (description: string): ProviderError =>
  new ProviderError(400, { error: 'invalid_grant', error_description: description, error_code: 'invalid_credentials' });

export const answer = (res: ServerResponse, status: number, body: unknown): void => {
  sendJson(res, status, body);
};
