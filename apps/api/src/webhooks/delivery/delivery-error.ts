/**
 * A failed outbound call. `permanent` failures (bad credentials, unknown chat, nothing to answer
 * on) are recorded at once; the others (timeouts, 5xx, 429) are retried with backoff.
 * Messages name the service and the status, never a URL (Telegram puts its token in the path).
 */
export class DeliveryError extends Error {
  override name = 'DeliveryError';

  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}
