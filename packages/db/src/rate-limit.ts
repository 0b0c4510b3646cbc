import { createHash } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';

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
  const rows = await em.execute<{ hits: number; window_start: Date | string }[]>(
    `insert into rate_limit_counter (key, window_start, hits) values (?, ?, 1)
     on conflict (key) do update set
       hits = case when rate_limit_counter.window_start <= ?::timestamptz - make_interval(secs => ?)
                   then 1 else rate_limit_counter.hits + 1 end,
       window_start = case when rate_limit_counter.window_start <= ?::timestamptz - make_interval(secs => ?)
                   then excluded.window_start else rate_limit_counter.window_start end
     returning hits, window_start`,
    [key, now, now, rule.windowSeconds, now, rule.windowSeconds],
  );
  const row = rows[0];
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
  await em.execute('delete from rate_limit_counter where window_start < ?', [olderThan]);
};
