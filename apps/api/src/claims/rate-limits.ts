import { DomainError } from '@switchyard/domain/errors';
import type { RateLimitRule } from '@switchyard/domain/claims/limits';
import { hitRateLimit } from '@switchyard/db/rate-limit';
import type { ClaimsContext } from './context.ts';

export const enforceRateLimit = async (ctx: ClaimsContext, rule: RateLimitRule, subject: string): Promise<void> => {
  const hit = await hitRateLimit(ctx.em, rule, subject, ctx.now());
  if (!hit.allowed) {
    throw new DomainError('rate_limited', 'Too many requests. Please wait before trying again.', {
      retryAfterSeconds: hit.retryAfterSeconds,
    });
  }
};

/** A middleware that counts the call against `rule` for the subject it picks from the context. */
export const rateLimitedBy =
  (rule: RateLimitRule, subject: (ctx: ClaimsContext) => string) =>
  async <T>({ ctx, next }: { ctx: ClaimsContext; next: () => Promise<T> }): Promise<T> => {
    await enforceRateLimit(ctx, rule, subject(ctx));

    return next();
  };
