/**
 * Every failure the domain can report, as a closed set of machine codes. Each service maps these
 * to HTTP in exactly one place (its errors.ts); nothing below the transport knows about statuses.
 */
export const DOMAIN_ERROR_CODES = [
  'validation_error',
  'not_found',
  'unauthorized',
  'forbidden',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'conflict',
  'bad_gateway',
  'service_unavailable',
  'internal_error',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export type FieldIssue = { path: string; message: string };

export type DomainErrorOptions = {
  /** Field-level problems, for forms that show errors next to inputs. */
  issues?: FieldIssue[];
  /** For rate_limited and service_unavailable: seconds until the caller may try again. */
  retryAfterSeconds?: number;
  cause?: unknown;
};

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly issues: FieldIssue[];
  readonly retryAfterSeconds: number | undefined;

  constructor(code: DomainErrorCode, message: string, options: DomainErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'DomainError';
    this.code = code;
    this.issues = options.issues ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
