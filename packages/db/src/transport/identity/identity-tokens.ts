import type { SqlEntityManager } from '@mikro-orm/sql';
import type { IdentityUserRow } from './identity-users.ts';

export type TokenKind = 'access' | 'refresh';

export const insertIdentityToken = async (
  em: SqlEntityManager,
  token: { hash: string; userId: string; sessionId: string; kind: TokenKind; expiresAt: Date; at: Date },
): Promise<void> => {
  await em.execute(
    'insert into transport_identity_token (token_hash, user_id, session_id, kind, expires_at, created_at) values (?, ?, ?, ?, ?::timestamptz, ?::timestamptz)',
    [token.hash, token.userId, token.sessionId, token.kind, token.expiresAt.toISOString(), token.at.toISOString()],
  );
};

/** The sign-in session a token belongs to; null for a token issued before sessions were kept, or an unknown one. */
export const findTokenSession = async (em: SqlEntityManager, hash: string): Promise<string | null> => {
  const rows = await em.execute<{ session_id: string | null }[]>('select session_id from transport_identity_token where token_hash = ?', [hash]);

  return rows[0]?.session_id ?? null;
};

/** GoTrue's logout scopes: every session of the user, the token's own session, or the user's other sessions. */
export type LogoutScope = 'global' | 'local' | 'others';

/**
 * Ends sessions of the user holding the token `hash`. A token without a session stands for its own
 * session. One statement, so the token's session is read and ended together.
 */
export const endIdentitySessions = async (em: SqlEntityManager, hash: string, scope: LogoutScope): Promise<void> => {
  const own = `(coalesce(t.session_id = me.session_id, false) or t.token_hash = me.token_hash)`;
  const which = scope === 'global' ? 'true' : scope === 'local' ? own : `not ${own}`;
  await em.execute(
    `with me as (select token_hash, user_id, session_id from transport_identity_token where token_hash = ?)
     delete from transport_identity_token t using me where t.user_id = me.user_id and ${which}`,
    [hash],
  );
};

/** The owner of a token of this kind that has not expired at `now`. */
export const findUserByToken = async (em: SqlEntityManager, hash: string, kind: TokenKind, now: Date): Promise<IdentityUserRow | null> => {
  const rows = await em.execute<IdentityUserRow[]>(
    `select u.id, u.email, u.password_hash, u.user_metadata, u.app_metadata, u.created_at, u.updated_at
     from transport_identity_token t join transport_identity_user u on u.id = t.user_id
     where t.token_hash = ? and t.kind = ? and t.expires_at > ?::timestamptz`,
    [hash, kind, now.toISOString()],
  );

  return rows[0] ?? null;
};

/** Removes one token; answers whether it existed. */
export const deleteIdentityToken = async (em: SqlEntityManager, hash: string): Promise<boolean> => {
  const rows = await em.execute<{ token_hash: string }[]>('delete from transport_identity_token where token_hash = ? returning token_hash', [hash]);

  return rows.length > 0;
};

/** Expired tokens are useless; a user's are cleared when new ones are issued (the user_id index finds them). */
export const deleteExpiredIdentityTokens = async (em: SqlEntityManager, userId: string, now: Date): Promise<void> => {
  await em.execute('delete from transport_identity_token where user_id = ? and expires_at <= ?::timestamptz', [userId, now.toISOString()]);
};
