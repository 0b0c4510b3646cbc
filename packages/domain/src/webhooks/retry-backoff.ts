export type BackoffPolicy = { baseMs: number; maxMs: number };

/**
 * Svix's retry schedule: after the first attempt fails, 5 seconds, 5 minutes, 30 minutes, 2 hours,
 * 5 hours, 10 hours and 10 hours, so 8 attempts over about 27 hours. A delivery that fails through
 * an outage of a day still arrives, and the early retries catch a brief blip.
 */
export const SVIX_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;
const SCHEDULE_BASE_MS = SVIX_SCHEDULE_MS[0];

/**
 * Delay before the next attempt after `attempt` failed ones: the schedule above, scaled so that its
 * first step is `baseMs` (5 s gives Svix's own), each step capped at `maxMs`, the last step repeated
 * when more attempts are allowed, with up to 20% jitter (`random` in [0, 1)) so that events failing
 * together do not retry together.
 *
 * When the target said how long to wait (`hintMs`, a rate-limit answer or `Retry-After`), the
 * delay is at least that, with the same jitter on top so that deliveries refused together do not
 * all return at the same instant. The hint is capped at `maxMs`, like the schedule: a platform's
 * wait of days (or a misread value) must not park a delivery for longer than the service ever
 * waits between attempts.
 */
export const retryDelayMs = (attempt: number, policy: BackoffPolicy, random: number, hintMs: number | null = null): number => {
  const step = SVIX_SCHEDULE_MS[Math.min(Math.max(0, attempt - 1), SVIX_SCHEDULE_MS.length - 1)] ?? SCHEDULE_BASE_MS;
  const delay = Math.min(policy.maxMs, Math.round((step * policy.baseMs) / SCHEDULE_BASE_MS));
  const backoff = Math.round(delay * (1 + 0.2 * random));
  if (hintMs === null) {
    return backoff;
  }

  return Math.max(backoff, Math.min(policy.maxMs, Math.ceil(hintMs * (1 + 0.2 * random))));
};
