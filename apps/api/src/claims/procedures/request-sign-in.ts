import { signInRequestInput } from '@switchyard/domain/claims/schemas';
import { RATE_LIMITS } from '@switchyard/domain/claims/limits';
import { findClientByEmail } from '@switchyard/db/claims/sign-in';
import { issueSignInLink } from '../issue-sign-in-link.ts';
import { publicProcedure } from '../trpc.ts';
import { countedOutcome } from '../counted-outcome.ts';
import { enforceRateLimit, rateLimitedBy } from '../rate-limits.ts';
import { messageOutput } from '../output-schemas.ts';

const SAME_ANSWER = 'If that email address belongs to a client, a sign-in link is on its way. It expires in 15 minutes.';

export const requestSignIn = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/auth/request',
      status: 200,
      input: 'json',
      access: 'public',
      tags: ['auth'],
      summary: 'Email a sign-in link',
      errors: ['rate_limited'],
    },
  })
  .output(messageOutput)
  .use(countedOutcome((metrics) => metrics.signIns, { step: 'request' }))
  // Counted before validation, so a flood of malformed requests is limited too.
  .use(rateLimitedBy(RATE_LIMITS.signInPerIp, (ctx) => ctx.ip))
  .input(signInRequestInput)
  .mutation(async ({ ctx, input }) => {
    // Counted for every address, known or not, so the limit itself reveals nothing.
    await enforceRateLimit(ctx, RATE_LIMITS.signInPerEmail, input.email);
    const client = await findClientByEmail(ctx.em, input.email);
    // Known and unknown addresses take the same path up to here and get the same answer.
    if (client) {
      const link = await issueSignInLink(ctx, client.id);
      await ctx.mailer.signInLink(client.email, client.contact_name, link);
      if (ctx.env.NODE_ENV === 'development') {
        // A developer signs in from the terminal: the link as a plain line, never in production.
        ctx.logger.info(`sign-in link for ${client.email}: ${link}`);
      }
    }

    return { message: SAME_ANSWER };
  });
