import type { SqlEntityManager } from '@mikro-orm/sql';
import type { TokenKind } from '@switchyard/domain/transport/identity/token-kind';
import { db } from '../../kysely.ts';
import { IdentityToken } from './entities.ts';
import { IDENTITY_USER_COLUMNS, type IdentityUserRow } from './identity-users.ts';

export const insertIdentityToken = async (
  em: SqlEntityManager,
  token: { hash: string; userId: string; sessionId: string; kind: TokenKind; expiresAt: Date; at: Date; viaLink?: boolean },
): Promise<void> => {
  await db(em)
    .insertInto('transport_identity_token')
    .values({
      token_hash: token.hash,
      user_id: token.userId,
      session_id: token.sessionId,
      kind: token.kind,
      via_link: token.viaLink ?? false,
      expires_at: token.expiresAt,
      created_at: token.at,
    })
    .execute();
};

/** Whether a mailed reset or invitation link gave this token (false for a sign-in, a refresh, an unknown token). */
export const isTokenViaLink = async (em: SqlEntityManager, hash: string): Promise<boolean> => {
  const row = await db(em).selectFrom('transport_identity_token').select('via_link').where('token_hash', '=', hash).executeTakeFirst();

  return row?.via_link === true;
};

/** The sign-in session a token belongs to; null for a token issued before sessions were kept, or an unknown one. */
export const findTokenSession = async (em: SqlEntityManager, hash: string): Promise<string | null> => {
  const row = await db(em).selectFrom('transport_identity_token').select('session_id').where('token_hash', '=', hash).executeTakeFirst();

  return row?.session_id ?? null;
};

/** GoTrue's logout scopes: every session of the user, the token's own session, or the user's other sessions. */
export type LogoutScope = 'global' | 'local' | 'others';

/**
 * Ends sessions of the user holding the token `hash`. A token without a session stands for its own
 * session. One statement, so the token's session is read and ended together.
 */
export const endIdentitySessions = async (em: SqlEntityManager, hash: string, scope: LogoutScope): Promise<void> => {
  await db(em)
    .with('me', (query) =>
      query.selectFrom('transport_identity_token').select(['token_hash', 'user_id', 'session_id']).where('token_hash', '=', hash),
    )
    .deleteFrom('transport_identity_token as t')
    .using('me')
    .whereRef('t.user_id', '=', 'me.user_id')
    .$if(scope !== 'global', (query) =>
      query.where((eb) => {
        const own = eb.or([
          eb.fn.coalesce(eb('t.session_id', '=', eb.ref('me.session_id')), eb.lit(false)).$castTo<boolean>(),
          eb('t.token_hash', '=', eb.ref('me.token_hash')),
        ]);

        return scope === 'local' ? own : eb.not(own);
      }),
    )
    .execute();
};

/** The owner of a token of this kind that has not expired at `now`. */
export const findUserByToken = async (em: SqlEntityManager, hash: string, kind: TokenKind, now: Date): Promise<IdentityUserRow | null> => {
  const row = await db(em)
    .selectFrom('transport_identity_token as t')
    .innerJoin('transport_identity_user as u', 'u.id', 't.user_id')
    .select(IDENTITY_USER_COLUMNS.map((column) => `u.${column}` as const))
    .where('t.token_hash', '=', hash)
    .where('t.kind', '=', kind)
    .where('t.expires_at', '>', now)
    .executeTakeFirst();

  return row ?? null;
};

/** Removes one token; answers whether it existed. */
export const deleteIdentityToken = async (em: SqlEntityManager, hash: string): Promise<boolean> => {
  return (await em.nativeDelete(IdentityToken, { tokenHash: hash })) > 0;
};

/** Expired tokens are useless; a user's are cleared when new ones are issued (the user_id index finds them). */
export const deleteExpiredIdentityTokens = async (em: SqlEntityManager, userId: string, now: Date): Promise<void> => {
  await em.nativeDelete(IdentityToken, { userId, expiresAt: { $lte: now } });
};
