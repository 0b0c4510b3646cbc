/**
 * `uncounted`: refused because the count could not be reached (the database or the primary is
 * gone), the server's fault rather than the sender's, answered 503 rather than 429.
 */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; uncounted?: true };

/** One key's counts: the minute that began at `start` and the minute before it. */
export type RateWindow = { start: number; current: number; previous: number };
type Window = RateWindow;

/** Whole requests still allowed in `window` at `nowMs`: the previous minute weighs by the share of it still inside. */
export const remainingInWindow = (window: RateWindow, limitPerWindow: number, nowMs: number, windowMs = 60_000): number => {
  const elapsedShare = (nowMs - window.start) / windowMs;
  const estimate = window.previous * (1 - elapsedShare) + window.current;

  return Math.max(0, Math.floor(limitPerWindow - estimate));
};

/**
 * The earliest time one more request fits, if nothing else is counted meanwhile. The previous
 * minute's weight fades through the current one; once the minute turns, the current count
 * becomes the fading one. So the wait is usually longer than the time to the next minute.
 */
const nextAllowedAt = (window: RateWindow, limitPerWindow: number, nowMs: number, windowMs: number): number => {
  const room = limitPerWindow - 1;
  const fadeUntil = (start: number, fading: number, counted: number): number | null => {
    if (fading + counted <= room) {
      return start;
    }
    if (fading <= 0 || counted > room) {
      return null;
    }

    return start + windowMs * (1 - (room - counted) / fading);
  };
  const within = fadeUntil(window.start, window.previous, window.current);
  if (within !== null && within < window.start + windowMs) {
    return Math.max(nowMs, within);
  }
  const nextStart = window.start + windowMs;

  return fadeUntil(nextStart, window.current, 0) ?? nextStart + windowMs;
};

/**
 * Takes up to `wanted` requests' worth of the allowance of `window` (counting them in
 * `window.current`); answers how many were granted and, when fewer than wanted, when to retry.
 * The one rule whether the count is kept in memory or in the database.
 */
export const takeFromWindow = (
  window: RateWindow,
  limitPerWindow: number,
  wanted: number,
  nowMs: number,
  windowMs = 60_000,
): { granted: number; retryAfterSeconds: number } => {
  const granted = Math.min(wanted, remainingInWindow(window, limitPerWindow, nowMs, windowMs));
  window.current += granted;
  const waitMs = nextAllowedAt(window, limitPerWindow, nowMs, windowMs) - nowMs;

  return { granted, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
};

/**
 * Per-key sliding-window counter over one minute: the previous minute's count weighs in by the
 * share of it still inside the window. Constant memory per key whatever the request rate.
 * The caller passes the time, so the rule stays testable.
 */
export class SlidingWindowRateLimit {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly windowMs = 60_000) {}

  hit(key: string, limitPerWindow: number, nowMs: number): RateDecision {
    const taken = this.take(key, limitPerWindow, 1, nowMs);

    return taken.granted === 1 ? { allowed: true } : { allowed: false, retryAfterSeconds: taken.retryAfterSeconds };
  }

  /**
   * Takes up to `wanted` requests' worth of the allowance at once (for a process that hands them
   * out itself). Answers how many were granted and, when fewer than wanted, when to retry.
   */
  take(key: string, limitPerWindow: number, wanted: number, nowMs: number): { granted: number; retryAfterSeconds: number } {
    return takeFromWindow(this.windowAt(key, nowMs), limitPerWindow, wanted, nowMs, this.windowMs);
  }

  /** Whole requests still allowed in the window at `nowMs`. */
  remaining(key: string, limitPerWindow: number, nowMs: number): number {
    return remainingInWindow(this.windowAt(key, nowMs), limitPerWindow, nowMs, this.windowMs);
  }

  /** Returns allowance taken but not used; what was taken in an earlier window has aged out already. */
  giveBack(key: string, count: number, takenAtMs: number, nowMs: number): void {
    const window = this.windows.get(key);
    const takenWindow = takenAtMs - (takenAtMs % this.windowMs);
    if (window !== undefined && window.start === takenWindow && window.start === nowMs - (nowMs % this.windowMs)) {
      window.current = Math.max(0, window.current - count);
    }
  }

  private windowAt(key: string, nowMs: number): Window {
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

    return window;
  }
}

/**
 * How much allowance to hand a process that asked for `wanted`: what it needs plus a share of what
 * is left, so that a busy route costs one request to the count holder per many webhooks, while a
 * nearly spent allowance is handed out one by one and never sits unused in another process.
 */
export const grantSize = (wanted: number, remaining: number, processes: number): number =>
  Math.max(0, Math.min(remaining, wanted + Math.min(256, Math.floor(remaining / (4 * Math.max(1, processes))))));
