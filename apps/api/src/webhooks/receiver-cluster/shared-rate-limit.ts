import type { RateDecision, SlidingWindowRateLimit } from '@switchyard/domain/webhooks/rate-limit-window';
import type { RouteRateLimit } from '../route-rate-limit.ts';
import type { PrimaryMessage, WorkerMessage } from './ipc-messages.ts';

type Pending = { route: string; limit: number; resolve: (decision: RateDecision) => void };

/** When the primary cannot answer (it is gone), requests are refused rather than let through uncounted. */
const UNANSWERED: RateDecision = { allowed: false, retryAfterSeconds: 1 };

/**
 * An HTTP process's side of the gateway-wide rate limit: the hits of one event-loop turn travel to
 * the primary as one message and come back as one, so the count stays exact for the whole
 * gateway at the price of one round trip per turn rather than per request.
 */
export const createSharedRateLimit = (send: (message: WorkerMessage) => boolean) => {
  let gathering: Pending[] = [];
  let scheduled = false;
  let nextBatch = 0;
  const sent = new Map<number, Pending[]>();

  const flush = () => {
    scheduled = false;
    const batch = nextBatch;
    nextBatch += 1;
    const items = gathering;
    gathering = [];
    sent.set(batch, items);
    if (!send({ kind: 'rate-hits', batch, hits: items.map(({ route, limit }) => ({ route, limit })) })) {
      sent.delete(batch);
      items.forEach((item) => item.resolve(UNANSWERED));
    }
  };

  const rateLimit: RouteRateLimit = {
    hit: (route, limit) =>
      new Promise<RateDecision>((resolve) => {
        gathering.push({ route, limit, resolve });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      }),
  };

  return {
    rateLimit,
    receive: (message: Extract<PrimaryMessage, { kind: 'rate-decisions' }>) => {
      const items = sent.get(message.batch) ?? [];
      sent.delete(message.batch);
      items.forEach((item, index) => item.resolve(message.decisions[index] ?? UNANSWERED));
    },
    /** The primary is gone: nothing more will be answered. */
    abandon: () => {
      for (const items of sent.values()) {
        items.forEach((item) => item.resolve(UNANSWERED));
      }
      sent.clear();
    },
  };
};

/** The primary's side: one count for every HTTP process of the gateway. */
export const answerRateHits = (
  limiter: SlidingWindowRateLimit,
  message: Extract<WorkerMessage, { kind: 'rate-hits' }>,
  nowMs: number,
): PrimaryMessage => ({
  kind: 'rate-decisions',
  batch: message.batch,
  decisions: message.hits.map((hit) => limiter.hit(hit.route, hit.limit, nowMs)),
});
