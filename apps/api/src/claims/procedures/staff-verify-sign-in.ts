import { randomBytes } from 'node:crypto';
import { DomainError } from '@switchyard/domain/errors';
import { verifyInput } from '@switchyard/domain/claims/schemas';
import { LIMITS, RATE_LIMITS } from '@switchyard/domain/claims/limits';
import { staffSessionExpiry } from '@switchyard/domain/claims/staff-members';
import { hashToken } from '@switchyard/domain/claims/tokens';
import { toIsoSeconds } from '@switchyard/domain/time';
import { consumeStaffSignInToken, sweepStaffSignInTokens } from '@switchyard/db/claims/staff-members';
import { publicProcedure } from '../trpc.ts';
import { rateLimitedBy } from '../rate-limits.ts';
import { presentStaffMember, staffVerifyOutput } from '../staff-members/staff-member-output.ts';

export const staffVerifySignIn = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/staff/auth/verify',
      status: 200,
      input: 'json',
      access: 'public',
      tags: ['staff'],
      summary: 'Exchange a staff sign-in token for an 8-hour session',
      errors: ['unauthorized', 'rate_limited'],
    },
  })
  .output(staffVerifyOutput)
  .use(rateLimitedBy(RATE_LIMITS.verifyPerIp, (ctx) => ctx.ip))
  .input(verifyInput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.now();
    await sweepStaffSignInTokens(ctx.em, new Date(now.getTime() - LIMITS.tokenCleanupHours * 3_600_000));
    const sessionToken = randomBytes(32).toString('base64url');
    const expiresAt = staffSessionExpiry(now);
    const member = await consumeStaffSignInToken(ctx.em, {
      tokenHash: hashToken(input.token),
      sessionHash: hashToken(sessionToken),
      now,
      sessionExpiresAt: expiresAt,
    });
    if (!member) {
      throw new DomainError('unauthorized', 'This sign-in link is invalid, expired or already used. Ask for a new one.');
    }
    ctx.logger.info({ staffMemberId: member.id }, 'staff member signed in');

    return { session_token: sessionToken, expires_at: toIsoSeconds(expiresAt), member: presentStaffMember(member) };
  });
