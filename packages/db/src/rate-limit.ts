import { createHash } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { RateLimitCounter } from './claims/entities.ts';
import { db } from './kysely.ts';

export type RateLimitHit = { allowed: boolean; retryAfterSeconds: number };

/**
 * A fixed-window counter kept in the database, so a limit holds across restarts and across every
 * process that shares the database. The key is hashed: it may be an email address.
 */
export const hitRateLimit = async (
  em: SqlEntityManager,
  rule: { name: string; max: number; windowSeconds: number },
  subject: string,
  now: Date,
): Promise<RateLimitHit> => {
  const key = `${rule.name}:${createHash('sha256').update(subject).digest('hex')}`;
  // A window that began at or before this instant has ended; the hit starts a new one.
  const endedBy = new Date(now.getTime() - rule.windowSeconds * 1000);
  const row = await db(em)
    .insertInto('rate_limit_counter')
    .values({ key, window_start: now, hits: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => {
        const ended = eb('rate_limit_counter.window_start', '<=', endedBy);

        return {
          hits: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb('rate_limit_counter.hits', '+', 1))
            .end(),
          window_start: eb.case().when(ended).then(eb.ref('excluded.window_start')).else(eb.ref('rate_limit_counter.window_start')).end(),
        };
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirst();
  if (!row) {
    throw new Error('rate limit counter returned no row');
  }
  const windowEnds = new Date(row.window_start).getTime() + rule.windowSeconds * 1000;

  return {
    allowed: row.hits <= rule.max,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)),
  };
};

/** Drops counters whose window ended long ago. */
export const sweepRateLimits = async (em: SqlEntityManager, olderThan: Date): Promise<void> => {
  await em.nativeDelete(RateLimitCounter, { windowStart: { $lt: olderThan } });
};
