import { DomainError } from '@switchyard/domain/errors';
import { isFreshAccount } from '@switchyard/domain/transport/identity/fresh-account';
import { registerInput } from '@switchyard/domain/transport/identity/schemas';
import { PUBLIC_WRITE_LIMITS } from '@switchyard/domain/transport/public-write-limits';
import { toSessionUser, type IdentityUser, type SessionUser } from '@switchyard/domain/transport/session-user';
import { resolvePublicTenant } from '@switchyard/domain/transport/tenant-resolution';
import { findTenant } from '@switchyard/db/transport/tenants';
import type { IdentitySession } from '../identity-client.ts';
import { limitedPerAddress } from '../../rate-limits.ts';
import { publicProcedure } from '../../trpc.ts';
import { demoFallback, providerRefusal } from './login.ts';
import { registerOutput } from '../output-schemas.ts';

type RegisterAnswer = { access_token: string | null; token_type: 'Bearer'; user: SessionUser; metadata_applied: boolean };

const isSession = (value: IdentitySession | IdentityUser): value is IdentitySession =>
  'access_token' in value && typeof value.access_token === 'string';

const namesParent = (metadata: Record<string, unknown> | null | undefined, tenantId: string): boolean =>
  metadata?.role === 'parent' && metadata.tenant_id === tenantId;

/**
 * Creates a parent account. The parent role and tenant go into the sign-up data; they are then
 * also written to app metadata with the service key (best effort), where the user cannot edit them.
 * A sign-up answered with an account this call did not create (see fresh-account.ts) is an email
 * already registered: nothing is written to that account.
 */
export const register = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/auth/register',
      status: 200,
      input: 'json',
      access: 'public',
      tags: ['auth'],
      summary: 'Create a parent account',
      errors: ['not_found', 'conflict', 'bad_gateway'],
    },
  })
  .output(registerOutput)
  .use(limitedPerAddress(PUBLIC_WRITE_LIMITS.signUpPerAddress))
  .input(registerInput)
  .mutation(async ({ ctx, input }): Promise<RegisterAnswer> => {
    const tenantId = input.tenant ?? resolvePublicTenant(ctx.tenantHints);
    if (!(await findTenant(ctx.em, tenantId))) {
      throw new DomainError('not_found', 'Tenant not found');
    }
    const data = { display_name: input.display_name ?? input.email, role: 'parent', tenant_id: tenantId };
    try {
      const signUp = await ctx.identity.signUp(input.email, input.password, data);
      if (!signUp.ok) {
        const taken = /already (registered|exists|been registered)/i.test(signUp.message);
        throw providerRefusal(
          signUp.status,
          signUp.message,
          taken ? new DomainError('conflict', 'User already registered') : new DomainError('validation_error', signUp.message),
        );
      }
      let user: IdentityUser = isSession(signUp.value) ? signUp.value.user : signUp.value;
      if (!isFreshAccount(user, ctx.now())) {
        throw new DomainError('conflict', 'User already registered');
      }
      let accessToken = isSession(signUp.value) ? signUp.value.access_token : null;
      let metadataApplied = namesParent(user.user_metadata, tenantId);
      try {
        const granted = await ctx.identity.updateUserMetadata(user.id, { app_metadata: { role: 'parent', tenant_id: tenantId } });
        if (granted.ok) {
          user = granted.value;
          metadataApplied = metadataApplied || namesParent(user.app_metadata, tenantId);
        } else {
          ctx.logger.warn({ status: granted.status }, 'identity provider refused to set app metadata on a new parent');
        }
      } catch (error) {
        ctx.logger.warn({ err: error }, 'identity provider unreachable while setting app metadata on a new parent');
      }
      if (!accessToken) {
        // Providers that confirm by email answer sign-up without a session; a sign-in may still work.
        const signIn = await ctx.identity.signInWithPassword(input.email, input.password);
        accessToken = signIn.ok ? signIn.value.access_token : null;
      }

      return { access_token: accessToken, token_type: 'Bearer', user: toSessionUser(user), metadata_applied: metadataApplied };
    } catch (error) {
      return { ...demoFallback(ctx, error), metadata_applied: false };
    }
  });
