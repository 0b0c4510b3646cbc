import { sweepMagicLinks } from '@switchyard/db/claims/sign-in';
import { sweepRateLimits } from '@switchyard/db/rate-limit';
import { sweepProviderCache } from '@switchyard/db/transport/operations/provider-cache';
import type { Database } from '@switchyard/db/orm';
import type { Logger } from './logger.ts';

const HOUR = 3_600_000;

/** Hourly clean-up of rows that only matter for a while: old sign-in tokens, rate counters and provider answers. */
export const startPeriodicSweeps = (options: { db: Database; logger: Logger }) => {
  const sweep = async () => {
    const cutoff = new Date(Date.now() - 24 * HOUR);
    try {
      await sweepMagicLinks(options.db.fork(), cutoff);
      await sweepRateLimits(options.db.fork(), cutoff);
      await sweepProviderCache(options.db.fork(), cutoff);
    } catch (error) {
      options.logger.warn({ err: error }, 'periodic sweep failed');
    }
  };
  const timer = setInterval(() => void sweep(), HOUR);
  timer.unref();

  return { stop: () => clearInterval(timer) };
};
