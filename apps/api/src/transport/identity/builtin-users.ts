import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { insertIdentityUser, type IdentityUserRow } from '@switchyard/db/transport/identity/identity-users';
import { normalizeEmail } from '@switchyard/domain/transport/identity/credentials';
import { hashPassword } from './password-hash.ts';

/** What the built-in provider answers for a user: GoTrue's user object, trimmed to what is kept. */
export type ProviderUser = {
  id: string;
  aud: 'authenticated';
  role: 'authenticated';
  email: string;
  email_confirmed_at: string;
  confirmed_at: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: [];
  created_at: string;
  updated_at: string;
};

const iso = (value: Date | string): string => new Date(value).toISOString();

export const presentProviderUser = (row: IdentityUserRow): ProviderUser => ({
  id: row.id,
  aud: 'authenticated',
  role: 'authenticated',
  email: row.email,
  // The built-in provider confirms on sign-up: there is no confirmation mail to wait for.
  email_confirmed_at: iso(row.created_at),
  confirmed_at: iso(row.created_at),
  app_metadata: row.app_metadata ?? {},
  user_metadata: row.user_metadata ?? {},
  identities: [],
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** GoTrue marks every email/password user with its provider in app metadata. */
const EMAIL_PROVIDER = { provider: 'email', providers: ['email'] };

/** Creates a user of the built-in provider; null when the email is taken. */
export const createBuiltinUser = async (
  em: SqlEntityManager,
  user: { email: string; password: string; userMetadata?: Record<string, unknown>; appMetadata?: Record<string, unknown>; at: Date },
): Promise<IdentityUserRow | null> =>
  insertIdentityUser(em, {
    id: randomUUID(),
    email: normalizeEmail(user.email),
    passwordHash: await hashPassword(user.password),
    userMetadata: user.userMetadata ?? {},
    appMetadata: { ...EMAIL_PROVIDER, ...(user.appMetadata ?? {}) },
    at: user.at,
  });
