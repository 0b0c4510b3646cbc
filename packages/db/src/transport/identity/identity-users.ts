import type { SqlEntityManager } from '@mikro-orm/sql';

export type IdentityUserRow = {
  id: string;
  email: string;
  password_hash: string;
  user_metadata: Record<string, unknown>;
  app_metadata: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
};

const COLUMNS = 'id, email, password_hash, user_metadata, app_metadata, created_at, updated_at';

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
  const rows = await em.execute<IdentityUserRow[]>(
    `insert into transport_identity_user (${COLUMNS})
     values (?, ?, ?, ?::jsonb, ?::jsonb, ?::timestamptz, ?::timestamptz)
     on conflict (email) do nothing returning ${COLUMNS}`,
    [user.id, user.email, user.passwordHash, JSON.stringify(user.userMetadata), JSON.stringify(user.appMetadata), user.at.toISOString(), user.at.toISOString()],
  );

  return rows[0] ?? null;
};

export const findIdentityUserByEmail = async (em: SqlEntityManager, email: string): Promise<IdentityUserRow | null> => {
  const rows = await em.execute<IdentityUserRow[]>(`select ${COLUMNS} from transport_identity_user where email = ?`, [email]);

  return rows[0] ?? null;
};

export const findIdentityUserById = async (em: SqlEntityManager, id: string): Promise<IdentityUserRow | null> => {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    return null;
  }
  const rows = await em.execute<IdentityUserRow[]>(`select ${COLUMNS} from transport_identity_user where id = ?`, [id]);

  return rows[0] ?? null;
};

export type IdentityUserChanges = {
  email?: string;
  passwordHash?: string;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  at: Date;
};

/** Writes the given columns; null when the user is gone or the new email is taken by another. */
export const updateIdentityUser = async (em: SqlEntityManager, id: string, changes: IdentityUserChanges): Promise<IdentityUserRow | null> => {
  const sets: string[] = ['updated_at = ?::timestamptz'];
  const params: unknown[] = [changes.at.toISOString()];
  if (changes.email !== undefined) {
    sets.push('email = ?');
    params.push(changes.email);
  }
  if (changes.passwordHash !== undefined) {
    sets.push('password_hash = ?');
    params.push(changes.passwordHash);
  }
  if (changes.userMetadata !== undefined) {
    sets.push('user_metadata = ?::jsonb');
    params.push(JSON.stringify(changes.userMetadata));
  }
  if (changes.appMetadata !== undefined) {
    sets.push('app_metadata = ?::jsonb');
    params.push(JSON.stringify(changes.appMetadata));
  }
  params.push(id);
  if (changes.email !== undefined) {
    params.push(changes.email, id);
  }
  const guard = changes.email !== undefined ? ' and not exists (select 1 from transport_identity_user other where other.email = ? and other.id <> ?)' : '';
  const rows = await em.execute<IdentityUserRow[]>(
    `update transport_identity_user set ${sets.join(', ')} where id = ?${guard} returning ${COLUMNS}`,
    params,
  );

  return rows[0] ?? null;
};
