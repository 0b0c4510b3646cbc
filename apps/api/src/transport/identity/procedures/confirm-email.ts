import { DomainError } from '@switchyard/domain/errors';
import { confirmEmailInput } from '@switchyard/domain/transport/identity/account-links';
import { PUBLIC_WRITE_LIMITS } from '@switchyard/domain/transport/public-write-limits';
import { toSessionUser } from '@switchyard/domain/transport/session-user';
import { limitedPerAddress } from '../../rate-limits.ts';
import { publicProcedure } from '../../trpc.ts';
import { loginOutput } from '../output-schemas.ts';
import type { LoginAnswer } from './login.ts';
import { DEAD_LINK } from './set-password.ts';

/**
 * Confirms a new email address with the link mailed to it (GoTrue's secure email change): the
 * account takes the address only now, and the answer is a session with it. As with the other
 * links, the page sends the token when the person presses the button, not when it opens.
 */
export const confirmEmail = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/auth/email/confirm',
      status: 200,
      input: 'json',
      access: 'public',
      tags: ['auth'],
      summary: 'Confirm a new email address with the link mailed to it; the account takes the address now',
      errors: ['unauthorized', 'conflict', 'rate_limited', 'bad_gateway', 'service_unavailable'],
    },
  })
  .output(loginOutput)
  .use(limitedPerAddress(PUBLIC_WRITE_LIMITS.setPasswordPerAddress))
  .input(confirmEmailInput)
  .mutation(async ({ ctx, input }): Promise<LoginAnswer> => {
    const verified = await ctx.identity.verifyLink('email_change', input.token_hash);
    if (!verified.ok) {
      if (verified.code === 'email_exists') {
        throw new DomainError('conflict', 'Another account took this address meanwhile; ask for the change again with another one.');
      }
      throw verified.status >= 500
        ? new DomainError('bad_gateway', `The identity provider failed: ${verified.message}`)
        : new DomainError('unauthorized', DEAD_LINK);
    }
    const token = verified.value.access_token;

    return { access_token: token, token_type: 'Bearer', user: toSessionUser((await ctx.identity.getUser(token)) ?? verified.value.user) };
  });
