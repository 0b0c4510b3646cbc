import { randomBytes } from 'node:crypto';
import { DomainError } from '@switchyard/domain/errors';
import { loginInput } from '@switchyard/domain/transport/identity/schemas';
import { DEMO_USER, toSessionUser, type SessionUser } from '@switchyard/domain/transport/session-user';
import type { TransportContext } from '../../context.ts';
import { IdentityProviderUnreachable } from '../identity-client.ts';
import { publicProcedure } from '../../trpc.ts';
import { loginOutput } from '../output-schemas.ts';

export type LoginAnswer = { access_token: string; token_type: 'Bearer'; user: SessionUser };

/**
 * When DEMO_TOKENS is on and the provider cannot be reached, a `demo-` token stands in. A provider
 * that answered, even with a server error, is reachable: its failure is the caller's 502.
 */
export const demoFallback = (ctx: TransportContext, error: unknown): LoginAnswer => {
  if (ctx.env.DEMO_TOKENS && error instanceof IdentityProviderUnreachable) {
    return { access_token: `demo-${randomBytes(16).toString('base64url')}`, token_type: 'Bearer', user: DEMO_USER };
  }
  throw error;
};

/** A 4xx from the provider is the caller's problem (bad credentials); anything else is the provider's. */
export const providerRefusal = (status: number, message: string, clientError: DomainError): DomainError =>
  status >= 400 && status < 500 ? clientError : new DomainError('bad_gateway', `The identity provider failed: ${message}`);

export const login = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/auth/login',
      status: 200,
      input: 'json',
      access: 'public',
      tags: ['auth'],
      summary: 'Sign in with email and password',
      errors: ['unauthorized', 'bad_gateway'],
    },
  })
  .output(loginOutput)
  .input(loginInput)
  .mutation(async ({ ctx, input }): Promise<LoginAnswer> => {
    try {
      const signIn = await ctx.identity.signInWithPassword(input.email, input.password);
      if (!signIn.ok && signIn.status === 429) {
        throw new DomainError('rate_limited', 'Too many sign-in attempts; try again later', { retryAfterSeconds: 60 });
      }
      if (!signIn.ok) {
        throw providerRefusal(signIn.status, signIn.message, new DomainError('unauthorized', 'Invalid login credentials'));
      }
      const token = signIn.value.access_token;
      // The provider's own account of the user, as every later request will see it.
      const identityUser = (await ctx.identity.getUser(token)) ?? signIn.value.user;

      return { access_token: token, token_type: 'Bearer', user: toSessionUser(identityUser) };
    } catch (error) {
      return demoFallback(ctx, error);
    }
  });
