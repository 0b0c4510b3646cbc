import type { SqlEntityManager } from '@mikro-orm/sql';

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

const COLUMNS = 'token_hash, tenant_id, user_email, target_role, admin_user_id, admin_email, created_at, expires_at, ended_at';

export const createImpersonationSession = async (
  em: SqlEntityManager,
  session: Omit<ImpersonationSessionRow, 'ended_at'>,
): Promise<void> => {
  await em.execute(
    `insert into transport_impersonation_session (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz, null)`,
    [
      session.token_hash,
      session.tenant_id,
      session.user_email,
      session.target_role,
      session.admin_user_id,
      session.admin_email,
      session.created_at.toISOString(),
      session.expires_at.toISOString(),
    ],
  );
};

/** A session that has neither ended nor expired at `now`. */
export const findLiveImpersonationSession = async (em: SqlEntityManager, tokenHash: string, now: Date): Promise<ImpersonationSessionRow | null> => {
  const rows = await em.execute<ImpersonationSessionRow[]>(
    `select ${COLUMNS} from transport_impersonation_session where token_hash = ? and ended_at is null and expires_at > ?::timestamptz`,
    [tokenHash, now.toISOString()],
  );

  return rows[0] ?? null;
};

/** Ends a live session; answers the ended row, or null when none was live. */
export const endImpersonationSession = async (em: SqlEntityManager, tokenHash: string, now: Date): Promise<ImpersonationSessionRow | null> => {
  const rows = await em.execute<ImpersonationSessionRow[]>(
    `update transport_impersonation_session set ended_at = ?::timestamptz
     where token_hash = ? and ended_at is null and expires_at > ?::timestamptz returning ${COLUMNS}`,
    [now.toISOString(), tokenHash, now.toISOString()],
  );

  return rows[0] ?? null;
};
