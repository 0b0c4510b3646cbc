import type { SqlEntityManager } from '@mikro-orm/sql';
import type { IdentityUserRow } from './identity-users.ts';

export type IdentityLinkKind = 'recovery' | 'invite';

/**
 * Stores a new mailed link. Older links of the same kind for the user are removed in the same
 * statement: only the newest mail works, so a forwarded or leaked earlier one is dead.
 */
export const replaceIdentityLink = async (
  em: SqlEntityManager,
  link: { hash: string; userId: string; kind: IdentityLinkKind; expiresAt: Date; at: Date },
): Promise<void> => {
  await em.execute(
    `with gone as (delete from transport_identity_link where user_id = ? and kind = ?)
     insert into transport_identity_link (token_hash, user_id, kind, expires_at, created_at) values (?, ?, ?, ?::timestamptz, ?::timestamptz)`,
    [link.userId, link.kind, link.hash, link.userId, link.kind, link.expiresAt.toISOString(), link.at.toISOString()],
  );
};

/**
 * Uses a link: deletes it and answers its user when it was of this kind and had not expired. One
 * statement, so two requests with the same link cannot both succeed; an expired link is deleted
 * too and answers null.
 */
export const consumeIdentityLink = async (em: SqlEntityManager, hash: string, kind: IdentityLinkKind, now: Date): Promise<IdentityUserRow | null> => {
  const rows = await em.execute<IdentityUserRow[]>(
    `with used as (delete from transport_identity_link where token_hash = ? and kind = ? returning user_id, expires_at)
     select u.id, u.email, u.password_hash, u.user_metadata, u.app_metadata, u.created_at, u.updated_at
     from used join transport_identity_user u on u.id = used.user_id where used.expires_at > ?::timestamptz`,
    [hash, kind, now.toISOString()],
  );

  return rows[0] ?? null;
};

/** A password was set: reset links mailed before are void. */
export const deleteIdentityLinks = async (em: SqlEntityManager, userId: string, kind: IdentityLinkKind): Promise<void> => {
  await em.execute('delete from transport_identity_link where user_id = ? and kind = ?', [userId, kind]);
};
