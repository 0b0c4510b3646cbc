export type BackoffPolicy = { baseMs: number; maxMs: number };

/**
 * Delay before the next attempt after `attempt` failed ones: base, 2x, 4x, ... capped, with up to
 * 20% jitter (`random` in [0, 1)) so that events failing together do not retry together.
 */
export const retryDelayMs = (attempt: number, policy: BackoffPolicy, random: number): number => {
  const exponent = Math.max(0, attempt - 1);
  const delay = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(exponent, 30));

  return Math.round(delay * (1 + 0.2 * random));
};
