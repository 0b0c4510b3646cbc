import { normalizeEmail } from '@switchyard/domain/transport/identity/credentials';
import { digestOpaqueToken } from '@switchyard/domain/transport/tenants/impersonation';
import { hitRateLimit } from '@switchyard/db/rate-limit';
import { deleteIdentityToken, findTokenSession, findUserByToken } from '@switchyard/db/transport/identity/identity-tokens';
import { findIdentityUserByEmail } from '@switchyard/db/transport/identity/identity-users';
import { decoyPasswordHash, verifyPassword } from '../password-hash.ts';
import { ProviderError, refuseGrant, refuseRateLimited } from '../provider-answers.ts';
import { issueSession } from '../provider-sessions.ts';
import { PASSWORD_ATTEMPTS, readBody, text, type ProviderHandler } from './provider-call.ts';

/** POST /token: `?grant_type=password` signs in, `refresh_token` spends a refresh token for new tokens. */
export const token: ProviderHandler = async (provider, call) => {
  const grant = call.url.searchParams.get('grant_type');
  const body = await readBody(call.req);
  if (grant === 'password') {
    const email = normalizeEmail(text(body, 'email') ?? '');
    const password = text(body, 'password') ?? '';
    const attempt = await hitRateLimit(provider.em, PASSWORD_ATTEMPTS, email, provider.now());
    if (!attempt.allowed) {
      throw refuseRateLimited('Too many sign-in attempts; try again later', attempt.retryAfterSeconds);
    }
    const user = email ? await findIdentityUserByEmail(provider.em, email) : null;
    const matches = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
    if (!user || !matches) {
      throw refuseGrant('Invalid login credentials');
    }

    return { status: 200, body: await issueSession(provider.em, user, provider.now()) };
  }
  if (grant === 'refresh_token') {
    const presented = text(body, 'refresh_token') ?? '';
    const hash = digestOpaqueToken(presented);
    const user = presented ? await findUserByToken(provider.em, hash, 'refresh', provider.now()) : null;
    const session = user ? await findTokenSession(provider.em, hash) : null;
    // A refresh token is spent by its use, as in GoTrue; a second use finds nothing.
    if (!user || !(await deleteIdentityToken(provider.em, hash))) {
      throw refuseGrant('Invalid Refresh Token: Refresh Token Not Found');
    }

    // The refreshed tokens stay in the sign-in's session, so logout ends them with the rest.
    return { status: 200, body: await issueSession(provider.em, user, provider.now(), session ?? undefined) };
  }
  throw new ProviderError(400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' });
};
