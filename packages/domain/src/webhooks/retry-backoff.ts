export type BackoffPolicy = { baseMs: number; maxMs: number };

/**
 * Delay before the next attempt after `attempt` failed ones: base, 2x, 4x, ... capped, with up to
 * 20% jitter (`random` in [0, 1)) so that events failing together do not retry together.
 *
 * When the target said how long to wait (`hintMs`, a rate-limit answer), the delay is at least
 * that, with the same jitter on top so that deliveries refused together do not all return at the
 * same instant. The hint is capped at `maxMs`, like the backoff: a platform's wait of hours (or a
 * misread value) must not park a delivery for longer than the service ever waits between attempts.
 */
export const retryDelayMs = (attempt: number, policy: BackoffPolicy, random: number, hintMs: number | null = null): number => {
  const exponent = Math.max(0, attempt - 1);
  const delay = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(exponent, 30));
  const backoff = Math.round(delay * (1 + 0.2 * random));
  if (hintMs === null) {
    return backoff;
  }

  return Math.max(backoff, Math.min(policy.maxMs, Math.ceil(hintMs * (1 + 0.2 * random))));
};
