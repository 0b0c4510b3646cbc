export type FieldIssue = { path: string; message: string };

/** A failed answer from the REST paths, read from the `{error: {code, message}}` envelope. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
  }
}

export const readErrorEnvelope = (status: number, bodyText: string): HttpError => {
  try {
    const parsed = JSON.parse(bodyText) as { error?: { code?: unknown; message?: unknown } };
    const code = typeof parsed.error?.code === 'string' ? parsed.error.code : 'http_error';
    const message = typeof parsed.error?.message === 'string' ? parsed.error.message : `The server answered ${status}.`;

    return new HttpError(status, code, message);
  } catch {
    return new HttpError(status, 'http_error', `The server answered ${status}.`);
  }
};
