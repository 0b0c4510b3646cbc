import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { deleteExpiredIdentityTokens, insertIdentityToken } from '@switchyard/db/transport/identity/identity-tokens';
import type { IdentityUserRow } from '@switchyard/db/transport/identity/identity-users';
import { digestOpaqueToken, newOpaqueToken } from '@switchyard/domain/transport/tenants/impersonation';
import { presentProviderUser, type ProviderUser } from './builtin-users.ts';

export const ACCESS_TOKEN_SECONDS = 60 * 60;
/** GoTrue refresh tokens live until used; here they lapse after 30 days so abandoned ones go away. */
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;

export type ProviderSession = {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: ProviderUser;
};

/**
 * Opaque tokens, not JWTs: only their SHA-256 is stored, so a database copy cannot sign anyone in.
 * Both belong to `sessionId`: a new one for a sign-in, the refreshed token's for a refresh, so
 * logout can end every token of the sign-in. `viaLink` marks the access token a reset or
 * invitation link gave (GoTrue's `amr` of recovery or invite): it alone may set a password
 * without the current one, for its hour; its refresh gives plain tokens.
 */
export const issueSession = async (
  em: SqlEntityManager,
  user: IdentityUserRow,
  now: Date,
  sessionId: string = randomUUID(),
  viaLink = false,
): Promise<ProviderSession> => {
  const access = newOpaqueToken();
  const refresh = newOpaqueToken();
  const accessExpiry = new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000);
  await deleteExpiredIdentityTokens(em, user.id, now);
  await insertIdentityToken(em, {
    hash: digestOpaqueToken(access),
    userId: user.id,
    sessionId,
    kind: 'access',
    expiresAt: accessExpiry,
    at: now,
    viaLink,
  });
  await insertIdentityToken(em, {
    hash: digestOpaqueToken(refresh),
    userId: user.id,
    sessionId,
    kind: 'refresh',
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000),
    at: now,
  });

  return {
    access_token: access,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: Math.floor(accessExpiry.getTime() / 1000),
    refresh_token: refresh,
    user: presentProviderUser(user),
  };
};
