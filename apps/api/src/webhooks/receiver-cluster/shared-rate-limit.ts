import type { Database } from '@switchyard/db/orm';
import { giveBackSharedRateAllowance, takeSharedRateAllowance } from '@switchyard/db/webhooks/shared-rate-window';
import { grantSize, SlidingWindowRateLimit, type RateDecision } from '@switchyard/domain/webhooks/rate-limit-window';
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../logger.ts';
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

/**
 * When the count cannot be reached (the primary is gone, or it cannot reach PostgreSQL), requests
 * are refused for a second rather than let through uncounted; marked so the receiver answers 503.
 */
const UNANSWERED: RateDecision = { allowed: false, retryAfterSeconds: 1, uncounted: true };
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
      if (allowance.limit !== limit) {
        // Allowance taken under another limit goes back: a changed limit applies from the next request.
        if (allowance.tokens > 0) {
          send({ kind: 'rate-return', route, count: allowance.tokens, takenAt: allowance.takenAt });
          allowance.tokens = 0;
        }
        allowance.limit = limit;
      }
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
          const refused: RateDecision =
            message.uncounted === true ? UNANSWERED : { allowed: false, retryAfterSeconds: message.retryAfterSeconds };
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

/**
 * Where a gateway keeps its routes' counts: in the memory of the process that holds them, or, on
 * PostgreSQL, in the database, so that every gateway of the database counts against one limit.
 */
export type RateCount = {
  take(request: {
    route: string;
    limit: number;
    wanted: number;
    processes: number;
    nowMs: number;
  }): Promise<{ granted: number; retryAfterSeconds: number }>;
  giveBack(request: { route: string; count: number; takenAtMs: number; nowMs: number }): Promise<void>;
};

export const inMemoryRateCount = (limiter = new SlidingWindowRateLimit()): RateCount => ({
  take: ({ route, limit, wanted, processes, nowMs }) =>
    Promise.resolve(limiter.take(route, limit, grantSize(wanted, limiter.remaining(route, limit, nowMs), processes), nowMs)),
  giveBack: ({ route, count, takenAtMs, nowMs }) => {
    limiter.giveBack(route, count, takenAtMs, nowMs);

    return Promise.resolve();
  },
});

export const databaseRateCount = (db: Database): RateCount => ({
  take: (request) => takeSharedRateAllowance(db.fork(), request),
  giveBack: (request) => giveBackSharedRateAllowance(db.fork(), request),
});

/** A count that cannot be reached refuses for a second rather than letting requests through uncounted. */
const NOTHING_TAKEN = { granted: 0, retryAfterSeconds: 1, uncounted: true as const };

/** The count holder's side: one count for every HTTP process of the gateway (and, in the database, every gateway). */
export const answerRateMessage = async (
  count: RateCount,
  message: Extract<WorkerMessage, { kind: 'rate-take' | 'rate-return' }>,
  processes: number,
  nowMs: number,
  logger: Logger,
): Promise<PrimaryMessage | null> => {
  try {
    if (message.kind === 'rate-return') {
      await count.giveBack({ route: message.route, count: message.count, takenAtMs: message.takenAt, nowMs });

      return null;
    }
    const taken = await count
      .take({ route: message.route, limit: message.limit, wanted: message.wanted, processes, nowMs })
      .catch((error: unknown) => {
        logger.error({ err: (error as Error).message, route: message.route }, 'webhook rate limit not counted; refusing');

        return NOTHING_TAKEN;
      });

    return {
      kind: 'rate-granted',
      route: message.route,
      wanted: message.wanted,
      granted: taken.granted,
      retryAfterSeconds: taken.retryAfterSeconds,
      takenAt: nowMs,
      ...('uncounted' in taken ? { uncounted: true as const } : {}),
    };
  } catch (error) {
    logger.error({ err: (error as Error).message, route: message.route }, 'webhook rate allowance not given back');

    return null;
  }
};

/**
 * The rate limit of a gateway with one HTTP process: the same allowance in parts as several
 * processes take from their primary, taken here straight from the count.
 */
export const localSharedRateLimit = (count: RateCount, clock: Clock, logger: Logger): RouteRateLimit => {
  const shared = createSharedRateLimit((message) => {
    if (message.kind === 'rate-take' || message.kind === 'rate-return') {
      void answerRateMessage(count, message, 1, clock.now(), logger).then((answer) => {
        if (answer !== null && answer.kind === 'rate-granted') {
          shared.receive(answer);
        }
      });
    }

    return true;
  });

  return shared.rateLimit;
};
