import { retentionCutoffs, type RetentionCutoffs, type RetentionSettings } from '@switchyard/domain/retention/retention-rules';
import type { Database } from '@switchyard/db/orm';
import { withSweepLock } from '@switchyard/db/retention/sweep-lock';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';

const HOUR_MS = 3_600_000;
export const RETENTION_SWEEP_EVERY_MS = 24 * HOUR_MS;
/** Rows one statement touches at most: short locks, and a sweep that can stop between batches. */
export const RETENTION_BATCH_ROWS = 1_000;

/** One kind of expired data: `batch` removes at most `limit` rows expired at the cutoffs and answers how many. */
export type RetentionStep = { name: string; batch(cutoffs: RetentionCutoffs, limit: number): Promise<number> };

/** What one pass removed, per step; null when another process was sweeping and this one left it alone. */
export type RetentionCounts = Record<string, number>;

export type RetentionSweep = {
  /** One whole pass at the clock's time, awaited. */
  runOnce(): Promise<RetentionCounts | null>;
  stop(): Promise<void>;
};

/**
 * The daily retention sweep of one service: each step repeated in batches of `batchRows` until a
 * batch comes back short, under the service's advisory lock (`lockKey`) so that of several
 * processes on one database one sweeps at a time; a process that finds the lock held skips that
 * day's pass. Counts are logged. `stepped`: no timer, a test calls `runOnce()`.
 */
export const startRetentionSweep = (options: {
  name: string;
  lockKey: number;
  db: Database;
  settings: RetentionSettings;
  steps: readonly RetentionStep[];
  clock: Clock;
  logger: Logger;
  batchRows?: number;
  stepped?: boolean;
}): RetentionSweep => {
  const limit = options.batchRows ?? RETENTION_BATCH_ROWS;
  let stopping = false;
  let running: Promise<unknown> = Promise.resolve();

  const pass = async (): Promise<RetentionCounts> => {
    const cutoffs = retentionCutoffs(new Date(options.clock.now()), options.settings);
    const counts: RetentionCounts = {};
    for (const step of options.steps) {
      let total = 0;
      for (;;) {
        const removed = await step.batch(cutoffs, limit);
        total += removed;
        if (removed < limit || stopping) {
          break;
        }
      }
      counts[step.name] = total;
    }
    options.logger.info({ sweep: options.name, removed: counts }, 'retention sweep removed expired personal data');

    return counts;
  };

  const runOnce = (): Promise<RetentionCounts | null> => {
    const run = running.then(() => withSweepLock(options.db, options.lockKey, pass));
    running = run.catch(() => undefined);

    return run;
  };

  let lastRun = Number.NEGATIVE_INFINITY;
  const tick = () => {
    if (stopping || options.clock.now() - lastRun < RETENTION_SWEEP_EVERY_MS) {
      return;
    }
    lastRun = options.clock.now();
    runOnce().catch((error: unknown) => {
      // Retried at the next check rather than a day later.
      lastRun = Number.NEGATIVE_INFINITY;
      options.logger.warn({ err: error, sweep: options.name }, 'retention sweep failed');
    });
  };
  // Checked hourly, so a process restarted daily still sweeps; the first pass a minute after start.
  const first = options.stepped ? null : setTimeout(tick, 60_000);
  const timer = options.stepped ? null : setInterval(tick, HOUR_MS);
  first?.unref();
  timer?.unref();

  return {
    runOnce,
    stop: async () => {
      stopping = true;
      if (first) {
        clearTimeout(first);
      }
      if (timer) {
        clearInterval(timer);
      }
      await running;
    },
  };
};
