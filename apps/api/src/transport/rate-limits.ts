import { DomainError } from '@switchyard/domain/errors';
import { RATE_LIMITED_MESSAGE, type TransportRateLimitRule } from '@switchyard/domain/transport/public-write-limits';
import { hitRateLimit } from '@switchyard/db/rate-limit';
import type { TransportContext } from './context.ts';

/**
 * A middleware that counts the call against `rule` for the caller's address; over the limit it is
 * `rate_limited` (429 with Retry-After). Placed before `.input()`, so malformed floods count too.
 */
export const limitedPerAddress =
  (rule: TransportRateLimitRule) =>
  async <T>({ ctx, next }: { ctx: TransportContext; next: () => Promise<T> }): Promise<T> => {
    await countAgainst(ctx, rule, ctx.ip);

    return next();
  };

/** Counts one call of `subject` (an address, an account id) against `rule`; over it, `rate_limited` (429 with Retry-After). */
export const countAgainst = async (
  ctx: Pick<TransportContext, 'em' | 'now'>,
  rule: TransportRateLimitRule,
  subject: string,
): Promise<void> => {
  const hit = await hitRateLimit(ctx.em, rule, subject, ctx.now());
  if (!hit.allowed) {
    throw new DomainError('rate_limited', RATE_LIMITED_MESSAGE, { retryAfterSeconds: hit.retryAfterSeconds });
  }
};
