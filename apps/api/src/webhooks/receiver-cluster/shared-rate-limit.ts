import { grantSize, type RateDecision, type SlidingWindowRateLimit } from '@switchyard/domain/webhooks/rate-limit-window';
import type { RouteRateLimit } from '../delivery/route-rate-limit.ts';
import type { PrimaryMessage, WorkerMessage } from './ipc-messages.ts';

type Waiting = (decision: RateDecision) => void;

type Allowance = {
  tokens: number;
  /** When the primary took them from the count, to give back what is left unused. */
  takenAt: number;
  limit: number;
  waiting: Waiting[];
  asking: boolean;
  idle: NodeJS.Timeout | null;
};

/** When the primary cannot answer (it is gone), requests are refused rather than let through uncounted. */
const UNANSWERED: RateDecision = { allowed: false, retryAfterSeconds: 1 };
const ALLOWED: RateDecision = { allowed: true };
/** Allowance a process holds unused longer than this goes back to the primary for the others. */
const RETURN_UNUSED_AFTER_MS = 1_000;

/**
 * An HTTP process's side of the gateway-wide rate limit. The primary holds the count and hands out
 * allowance in parts (`grantSize`): a request that finds allowance here is decided at once, one
 * that does not waits for the primary. The parts never add up to more than the limit, and what
 * sits unused for a second is given back, so the limit holds for the gateway as a whole.
 */
export const createSharedRateLimit = (send: (message: WorkerMessage) => boolean) => {
  const allowances = new Map<string, Allowance>();

  const giveBackLater = (route: string, allowance: Allowance) => {
    if (allowance.idle !== null) {
      clearTimeout(allowance.idle);
    }
    allowance.idle = setTimeout(() => {
      allowance.idle = null;
      if (allowance.tokens > 0) {
        send({ kind: 'rate-return', route, count: allowance.tokens, takenAt: allowance.takenAt });
        allowance.tokens = 0;
      }
    }, RETURN_UNUSED_AFTER_MS);
    allowance.idle.unref();
  };

  const ask = (route: string, allowance: Allowance) => {
    if (allowance.asking) {
      return;
    }
    allowance.asking = true;
    // Asked after the turn's requests were read, for all of them at once.
    setImmediate(() => {
      if (!send({ kind: 'rate-take', route, limit: allowance.limit, wanted: allowance.waiting.length })) {
        allowance.asking = false;
        allowance.waiting.splice(0).forEach((resolve) => resolve(UNANSWERED));
      }
    });
  };

  const rateLimit: RouteRateLimit = {
    hit: (route, limit) => {
      let allowance = allowances.get(route);
      if (allowance === undefined) {
        allowance = { tokens: 0, takenAt: 0, limit, waiting: [], asking: false, idle: null };
        allowances.set(route, allowance);
      }
      allowance.limit = limit;
      if (allowance.tokens > 0 && allowance.waiting.length === 0) {
        allowance.tokens -= 1;

        return ALLOWED;
      }
      const pending = allowance;

      return new Promise<RateDecision>((resolve) => {
        pending.waiting.push(resolve);
        ask(route, pending);
      });
    },
  };

  return {
    rateLimit,
    receive: (message: Extract<PrimaryMessage, { kind: 'rate-granted' }>) => {
      const allowance = allowances.get(message.route);
      if (allowance === undefined) {
        return;
      }
      allowance.asking = false;
      allowance.tokens += message.granted;
      allowance.takenAt = message.takenAt;
      while (allowance.tokens > 0 && allowance.waiting.length > 0) {
        allowance.tokens -= 1;
        allowance.waiting.shift()?.(ALLOWED);
      }
      if (allowance.waiting.length > 0) {
        if (message.granted < message.wanted) {
          // The allowance is spent: everyone still waiting is refused.
          const refused: RateDecision = { allowed: false, retryAfterSeconds: message.retryAfterSeconds };
          allowance.waiting.splice(0).forEach((resolve) => resolve(refused));
        } else {
          // Requests that arrived while asking, beyond what was handed out: ask again.
          ask(message.route, allowance);
        }
      }
      giveBackLater(message.route, allowance);
    },
    /** The primary is gone: nothing more will be answered. */
    abandon: () => {
      for (const allowance of allowances.values()) {
        allowance.waiting.splice(0).forEach((resolve) => resolve(UNANSWERED));
        allowance.tokens = 0;
      }
    },
  };
};

/** The primary's side: one count for every HTTP process of the gateway. */
export const answerRateMessage = (
  limiter: SlidingWindowRateLimit,
  message: Extract<WorkerMessage, { kind: 'rate-take' | 'rate-return' }>,
  processes: number,
  nowMs: number,
): PrimaryMessage | null => {
  if (message.kind === 'rate-return') {
    limiter.giveBack(message.route, message.count, message.takenAt, nowMs);

    return null;
  }
  const size = grantSize(message.wanted, limiter.remaining(message.route, message.limit, nowMs), processes);
  const taken = limiter.take(message.route, message.limit, size, nowMs);

  return {
    kind: 'rate-granted',
    route: message.route,
    wanted: message.wanted,
    granted: taken.granted,
    retryAfterSeconds: taken.retryAfterSeconds,
    takenAt: nowMs,
  };
};
