import { setTimeout as sleep } from 'node:timers/promises';
import { claimAnswerFill, readStoredAnswer, releaseAnswerFill, storeAnswer } from '@switchyard/db/transport/operations/provider-cache';
import type { SqlEntityManager } from '@mikro-orm/sql';

/** What the provider said, and for how many seconds it may be served again. */
export type ProviderAnswer<T> = { answer: T; freshSeconds: number };

/** Waiting callers look again after 25 ms, then twice as long each time, up to 400 ms: a burst of waiters costs the database little. */
const FIRST_POLL_MS = 25;
const LAST_POLL_MS = 400;

/**
 * The answer to `key`, asked of the provider at most once per freshness period across every API
 * process sharing the database: a fresh stored answer is served; otherwise one process takes the
 * right to ask (a row claim, not a lock held across the call) and the others poll for its answer
 * until the provider's timeout has passed, then ask themselves. A thrown error (not an answer) is
 * not stored: the right to ask is given up and the error goes to this caller only.
 */
export const cachedProviderAnswer = async <T>(
  deps: { em: SqlEntityManager; now: () => Date; timeoutMs: number },
  key: string,
  ask: () => Promise<ProviderAnswer<T>>,
): Promise<T> => {
  const { em } = deps;
  const fill = async (): Promise<T> => {
    let outcome: ProviderAnswer<T>;
    try {
      outcome = await ask();
    } catch (error) {
      await releaseAnswerFill(em, key);
      throw error;
    }
    const now = deps.now();
    await storeAnswer(em, key, JSON.stringify(outcome.answer), now, new Date(now.getTime() + outcome.freshSeconds * 1000));

    return outcome.answer;
  };

  // The waiting ends in real time, whatever the service clock says.
  const giveUpAt = Date.now() + deps.timeoutMs + 1000;
  for (let pause = FIRST_POLL_MS; ; pause = Math.min(pause * 2, LAST_POLL_MS)) {
    const now = deps.now();
    const stored = await readStoredAnswer(em, key, now);
    if (stored.fresh !== null) {
      return JSON.parse(stored.fresh) as T;
    }
    // Another process asking whose time has not run out is waited for; otherwise this one asks.
    if (!stored.filling && (await claimAnswerFill(em, key, now, new Date(now.getTime() + deps.timeoutMs + 1000)))) {
      return fill();
    }
    if (Date.now() >= giveUpAt) {
      return (await ask()).answer;
    }
    await sleep(pause);
  }
};
