import type { SqlEntityManager } from '@mikro-orm/sql';
import { db, jsonb } from '../../kysely.ts';

export type IdentityUserRow = {
  id: string;
  email: string;
  password_hash: string;
  user_metadata: Record<string, unknown>;
  app_metadata: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
};

export const IDENTITY_USER_COLUMNS = ['id', 'email', 'password_hash', 'user_metadata', 'app_metadata', 'created_at', 'updated_at'] as const;

export type NewIdentityUser = {
  id: string;
  email: string;
  passwordHash: string;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  at: Date;
};

/** Null when the email is taken. */
export const insertIdentityUser = async (em: SqlEntityManager, user: NewIdentityUser): Promise<IdentityUserRow | null> => {
  const row = await db(em)
    .insertInto('transport_identity_user')
    .values({
      id: user.id,
      email: user.email,
      password_hash: user.passwordHash,
      user_metadata: jsonb(user.userMetadata),
      app_metadata: jsonb(user.appMetadata),
      created_at: user.at,
      updated_at: user.at,
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning(IDENTITY_USER_COLUMNS)
    .executeTakeFirst();

  return row ?? null;
};

export const findIdentityUserByEmail = async (em: SqlEntityManager, email: string): Promise<IdentityUserRow | null> => {
  return (
    (await db(em).selectFrom('transport_identity_user').select(IDENTITY_USER_COLUMNS).where('email', '=', email).executeTakeFirst()) ?? null
  );
};

export const findIdentityUserById = async (em: SqlEntityManager, id: string): Promise<IdentityUserRow | null> => {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    return null;
  }
  return (await db(em).selectFrom('transport_identity_user').select(IDENTITY_USER_COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null;
};

export type IdentityUserChanges = {
  email?: string;
  passwordHash?: string;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  at: Date;
};

/** Writes the given columns; null when the user is gone or the new email is taken by another. */
export const updateIdentityUser = async (
  em: SqlEntityManager,
  id: string,
  changes: IdentityUserChanges,
): Promise<IdentityUserRow | null> => {
  const { email } = changes;
  const row = await db(em)
    .updateTable('transport_identity_user')
    .set({
      updated_at: changes.at,
      ...(email !== undefined && { email }),
      ...(changes.passwordHash !== undefined && { password_hash: changes.passwordHash }),
      ...(changes.userMetadata !== undefined && { user_metadata: jsonb(changes.userMetadata) }),
      ...(changes.appMetadata !== undefined && { app_metadata: jsonb(changes.appMetadata) }),
    })
    .where('id', '=', id)
    .$if(email !== undefined, (query) =>
      query.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('transport_identity_user as other')
              .select('other.id')
              .where('other.email', '=', email ?? '')
              .where('other.id', '<>', id),
          ),
        ),
      ),
    )
    .returning(IDENTITY_USER_COLUMNS)
    .executeTakeFirst();

  return row ?? null;
};
