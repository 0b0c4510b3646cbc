import type { SqlEntityManager } from '@mikro-orm/sql';
import type { IdentityUserRow } from './identity-users.ts';

export type TokenKind = 'access' | 'refresh';

export const insertIdentityToken = async (
  em: SqlEntityManager,
  token: { hash: string; userId: string; kind: TokenKind; expiresAt: Date; at: Date },
): Promise<void> => {
  await em.execute(
    'insert into transport_identity_token (token_hash, user_id, kind, expires_at, created_at) values (?, ?, ?, ?::timestamptz, ?::timestamptz)',
    [token.hash, token.userId, token.kind, token.expiresAt.toISOString(), token.at.toISOString()],
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
