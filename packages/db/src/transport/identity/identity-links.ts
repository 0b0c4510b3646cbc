import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';
import { IdentityLink } from './entities.ts';
import { IDENTITY_USER_COLUMNS, type IdentityUserRow } from './identity-users.ts';

export type IdentityLinkKind = 'recovery' | 'invite' | 'email_change';

/**
 * Stores a new mailed link. Older links of the same kind for the user are removed in the same
 * statement: only the newest mail works, so a forwarded or leaked earlier one is dead.
 */
export const replaceIdentityLink = async (
  em: SqlEntityManager,
  link: { hash: string; userId: string; kind: IdentityLinkKind; expiresAt: Date; at: Date; newEmail?: string },
): Promise<void> => {
  await db(em)
    .with('gone', (query) => query.deleteFrom('transport_identity_link').where('user_id', '=', link.userId).where('kind', '=', link.kind))
    .insertInto('transport_identity_link')
    .values({
      token_hash: link.hash,
      user_id: link.userId,
      kind: link.kind,
      new_email: link.newEmail ?? null,
      expires_at: link.expiresAt,
      created_at: link.at,
    })
    .execute();
};

/** The user a link was for, with the address an email_change link confirms (null for other kinds). */
export type LinkedUser = IdentityUserRow & { new_email: string | null };

/**
 * Uses a link: deletes it and answers its user when it was of this kind and had not expired. One
 * statement, so two requests with the same link cannot both succeed; an expired link is deleted
 * too and answers null. With `email`, only a link for that address is used (the account's own,
 * or for email_change the new one it confirms): a wrong address leaves the link as it was.
 */
export const consumeIdentityLink = async (
  em: SqlEntityManager,
  hash: string,
  kind: IdentityLinkKind,
  now: Date,
  email?: string,
): Promise<LinkedUser | null> => {
  const row = await db(em)
    .with('used', (query) =>
      query
        .deleteFrom('transport_identity_link')
        .where('token_hash', '=', hash)
        .where('kind', '=', kind)
        .$if(email !== undefined && kind === 'email_change', (scoped) => scoped.where('new_email', '=', email ?? ''))
        .$if(email !== undefined && kind !== 'email_change', (scoped) =>
          scoped.where('user_id', 'in', (eb) =>
            eb
              .selectFrom('transport_identity_user')
              .select('id')
              .where('email', '=', email ?? ''),
          ),
        )
        .returning(['user_id', 'expires_at', 'new_email']),
    )
    .selectFrom('used')
    .innerJoin('transport_identity_user as u', 'u.id', 'used.user_id')
    .select([...IDENTITY_USER_COLUMNS.map((column) => `u.${column}` as const), 'used.new_email'])
    .where('used.expires_at', '>', now)
    .executeTakeFirst();

  return row ?? null;
};

/**
 * A password was set, by whichever path: every link mailed before (reset, invitation, email
 * change) is void, so a link left unused in a mailbox cannot take the account over later.
 */
export const deleteAllIdentityLinks = async (em: SqlEntityManager, userId: string): Promise<void> => {
  await em.nativeDelete(IdentityLink, { userId });
};
