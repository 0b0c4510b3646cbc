import { DomainError } from '@switchyard/domain/errors';
import { LINK_PAGES, recoverInput } from '@switchyard/domain/transport/identity/account-links';
import { isValidEmail, normalizeEmail } from '@switchyard/domain/transport/identity/credentials';
import { PUBLIC_WRITE_LIMITS } from '@switchyard/domain/transport/public-write-limits';
import { limitedPerAddress } from '../../rate-limits.ts';
import { publicProcedure } from '../../trpc.ts';
import { recoverOutput } from '../output-schemas.ts';

export const RECOVER_MESSAGE = 'If an account uses this email address, a link to set a new password is on its way.';
/** How long the built-in provider's link lives; an outside provider's own setting is not known here. */
const BUILTIN_LIFETIME = ' It works once, within one hour.';

/**
 * Asks the identity provider to mail a password-reset link. The answer is the same whether or not
 * the address has an account (the provider answers alike too), so it tells nobody who is registered.
 */
export const recover = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/auth/recover',
      status: 200,
      input: 'json',
      access: 'public',
      tags: ['auth'],
      summary: 'Mail a link to set a new password',
      errors: ['rate_limited', 'bad_gateway'],
    },
  })
  .output(recoverOutput)
  .use(limitedPerAddress(PUBLIC_WRITE_LIMITS.recoverPerAddress))
  .input(recoverInput)
  .mutation(async ({ ctx, input }) => {
    const email = normalizeEmail(input.email);
    if (!isValidEmail(email)) {
      throw new DomainError('validation_error', 'email must be an email address');
    }
    const asked = await ctx.identity.recover(email, `${ctx.env.TRANSPORT_PUBLIC_URL}${LINK_PAGES.recovery}`);
    if (!asked.ok && asked.status === 429) {
      throw new DomainError('rate_limited', 'Too many reset requests for this address; try again later', { retryAfterSeconds: 60 * 60 });
    }
    if (!asked.ok) {
      throw new DomainError('bad_gateway', `The identity provider failed: ${asked.message}`);
    }

    return { message: ctx.env.IDENTITY_URL ? RECOVER_MESSAGE : RECOVER_MESSAGE + BUILTIN_LIFETIME };
  });
