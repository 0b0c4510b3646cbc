export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

type Window = { start: number; current: number; previous: number };

/**
 * Per-key sliding-window counter over one minute: the previous minute's count weighs in by the
 * share of it still inside the window. Constant memory per key whatever the request rate.
 * The caller passes the time, so the rule stays testable.
 */
export class SlidingWindowRateLimit {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly windowMs = 60_000) {}

  hit(key: string, limitPerWindow: number, nowMs: number): RateDecision {
    const windowStart = nowMs - (nowMs % this.windowMs);
    let window = this.windows.get(key);
    if (window === undefined) {
      window = { start: windowStart, current: 0, previous: 0 };
      this.windows.set(key, window);
    } else if (window.start !== windowStart) {
      window.previous = windowStart - window.start === this.windowMs ? window.current : 0;
      window.current = 0;
      window.start = windowStart;
    }
    const elapsedShare = (nowMs - windowStart) / this.windowMs;
    const estimate = window.previous * (1 - elapsedShare) + window.current;
    if (estimate + 1 > limitPerWindow) {
      const untilNextWindow = windowStart + this.windowMs - nowMs;

      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(untilNextWindow / 1000)) };
    }
    window.current += 1;

    return { allowed: true };
  }
}
