import { DomainError } from '@switchyard/domain/errors';
import type { RateLimitRule } from '@switchyard/domain/claims/limits';
import { hitRateLimit } from '@switchyard/db/rate-limit';
import type { ClaimsContext } from './context.ts';

export const enforceRateLimit = async (ctx: ClaimsContext, rule: RateLimitRule, subject: string): Promise<void> => {
  const hit = await hitRateLimit(ctx.db.fork(), rule, subject, ctx.now());
  if (!hit.allowed) {
    throw new DomainError('rate_limited', 'Too many requests. Please wait before trying again.', {
      retryAfterSeconds: hit.retryAfterSeconds,
    });
  }
};
