import { randomBytes } from 'node:crypto';
import { signInRequestInput } from '@switchyard/domain/claims/schemas';
import { LIMITS, RATE_LIMITS } from '@switchyard/domain/claims/limits';
import { staffSignInLink } from '@switchyard/domain/claims/sign-in-link';
import { hashToken } from '@switchyard/domain/claims/tokens';
import { findActiveStaffMemberByEmail, storeStaffSignInToken } from '@switchyard/db/claims/staff-members';
import { publicProcedure } from '../trpc.ts';
import { enforceRateLimit, rateLimitedBy } from '../rate-limits.ts';
import { messageOutput } from '../output-schemas.ts';

const SAME_ANSWER = 'If that email address belongs to a staff member, a sign-in link is on its way. It expires in 15 minutes.';

/** The clients' passwordless sign-in, for staff members: same token rules, their own tables and page. */
export const staffRequestSignIn = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/staff/auth/request',
      status: 200,
      input: 'json',
      access: 'public',
      tags: ['staff'],
      summary: 'Email a staff member a sign-in link',
      errors: ['rate_limited'],
    },
  })
  .output(messageOutput)
  .use(rateLimitedBy(RATE_LIMITS.signInPerIp, (ctx) => ctx.ip))
  .input(signInRequestInput)
  .mutation(async ({ ctx, input }) => {
    await enforceRateLimit(ctx, RATE_LIMITS.staffSignInPerEmail, input.email);
    const member = await findActiveStaffMemberByEmail(ctx.em, input.email);
    // A deactivated or unknown address gets the same answer and no mail.
    if (member) {
      const rawToken = randomBytes(32).toString('base64url');
      const now = ctx.now();
      await storeStaffSignInToken(ctx.em, {
        staffMemberId: member.id,
        tokenHash: hashToken(rawToken),
        expiresAt: new Date(now.getTime() + LIMITS.magicLinkMinutes * 60_000),
        now,
      });
      const link = staffSignInLink(ctx.env.PORTAL_URL, rawToken);
      await ctx.mailer.staffSignInLink(member.email, member.name, link);
      if (ctx.env.NODE_ENV === 'development') {
        ctx.logger.info(`staff sign-in link for ${member.email}: ${link}`);
      }
    }

    return { message: SAME_ANSWER };
  });
