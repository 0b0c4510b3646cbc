import { findUserByToken } from '@switchyard/db/transport/identity/identity-tokens';
import type { Database } from '@switchyard/db/orm';
import { digestOpaqueToken } from '@switchyard/domain/transport/tenants/impersonation';
import type { IdentityUser } from '@switchyard/domain/transport/session-user';
import { presentProviderUser } from './builtin-users.ts';

/**
 * The built-in provider's token check, made in process: the same statement its GET /auth/v1/user
 * runs (the token's hash, of kind access, not expired, its session not ended by logout or a new
 * password), without a loopback HTTP call per request. Under load those calls queued behind the
 * requests that made them, ran past the time limit and turned valid tokens away.
 */
export const createBuiltinTokenCheck =
  (db: Database, now: () => Date) =>
  async (accessToken: string): Promise<IdentityUser | null> => {
    // The identity client is the process's, called without the request's context: a fork per check.
    const user = await findUserByToken(db.fork(), digestOpaqueToken(accessToken), 'access', now());

    return user ? presentProviderUser(user) : null;
  };
