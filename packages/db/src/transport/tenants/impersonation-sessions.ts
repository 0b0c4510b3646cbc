import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';

export type ImpersonationSessionRow = {
  token_hash: string;
  tenant_id: string;
  user_email: string | null;
  target_role: string;
  admin_user_id: string;
  admin_email: string;
  created_at: Date;
  expires_at: Date;
  ended_at: Date | null;
};

const COLUMNS = [
  'token_hash',
  'tenant_id',
  'user_email',
  'target_role',
  'admin_user_id',
  'admin_email',
  'created_at',
  'expires_at',
  'ended_at',
] as const;

export const createImpersonationSession = async (
  em: SqlEntityManager,
  session: Omit<ImpersonationSessionRow, 'ended_at'>,
): Promise<void> => {
  await db(em)
    .insertInto('transport_impersonation_session')
    .values({ ...session, ended_at: null })
    .execute();
};

/** A session that has neither ended nor expired at `now`. */
export const findLiveImpersonationSession = async (
  em: SqlEntityManager,
  tokenHash: string,
  now: Date,
): Promise<ImpersonationSessionRow | null> => {
  const row = await db(em)
    .selectFrom('transport_impersonation_session')
    .select(COLUMNS)
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();

  return row ?? null;
};

/** Ends a live session; answers the ended row, or null when none was live. */
export const endImpersonationSession = async (
  em: SqlEntityManager,
  tokenHash: string,
  now: Date,
): Promise<ImpersonationSessionRow | null> => {
  const row = await db(em)
    .updateTable('transport_impersonation_session')
    .set({ ended_at: now })
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(COLUMNS)
    .executeTakeFirst();

  return row ?? null;
};
