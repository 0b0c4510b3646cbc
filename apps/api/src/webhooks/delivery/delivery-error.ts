/**
 * A failed outbound call. `permanent` failures (bad credentials, unknown chat, nothing to answer
 * on) are recorded at once; the others (timeouts, 5xx, 429) are retried with backoff, and not
 * before `retryAfterMs` when the target said how long to wait.
 * Messages name the service and the status, never a URL (Telegram puts its token in the path).
 */
export class DeliveryError extends Error {
  override name = 'DeliveryError';

  constructor(
    message: string,
    readonly permanent: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}
