import { randomBytes } from 'node:crypto';
import { DomainError } from '@switchyard/domain/errors';
import { verifyInput } from '@switchyard/domain/claims/schemas';
import { LIMITS, RATE_LIMITS } from '@switchyard/domain/claims/limits';
import { hashToken } from '@switchyard/domain/claims/tokens';
import { toIsoSeconds } from '@switchyard/domain/time';
import { consumeMagicLink, sweepMagicLinks } from '@switchyard/db/claims/sign-in';
import { publicProcedure } from '../trpc.ts';
import { countedOutcome } from '../counted-outcome.ts';
import { rateLimitedBy } from '../rate-limits.ts';
import { verifyOutput } from '../output-schemas.ts';

export const verifySignIn = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/auth/verify',
      status: 200,
      input: 'json',
      access: 'public',
      tags: ['auth'],
      summary: 'Exchange a sign-in token for a session',
      errors: ['unauthorized', 'rate_limited'],
    },
  })
  .output(verifyOutput)
  .use(countedOutcome((metrics) => metrics.signIns, { step: 'verify' }))
  // Counted before validation, so a flood of malformed requests is limited too.
  .use(rateLimitedBy(RATE_LIMITS.verifyPerIp, (ctx) => ctx.ip))
  .input(verifyInput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.now();
    await sweepMagicLinks(ctx.em, new Date(now.getTime() - LIMITS.tokenCleanupHours * 3_600_000));
    const sessionToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + LIMITS.sessionDays * 86_400_000);
    const client = await consumeMagicLink(ctx.em, {
      tokenHash: hashToken(input.token),
      sessionHash: hashToken(sessionToken),
      now,
      sessionExpiresAt: expiresAt,
    });
    if (!client) {
      throw new DomainError('unauthorized', 'This sign-in link is invalid, expired or already used. Ask for a new one.');
    }
    ctx.logger.info({ clientNumber: client.client_number }, 'client signed in');

    return {
      session_token: sessionToken,
      expires_at: toIsoSeconds(expiresAt),
      client: { client_number: client.client_number, company_name: client.company_name, contact_name: client.contact_name },
    };
  });
