import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';

export type ClientSummary = {
  id: string;
  client_number: string;
  company_name: string;
  contact_name: string;
  email: string;
  phone: string | null;
  created_at: Date;
};

const CLIENT_COLUMNS = 'c.id, c.client_number, c.company_name, c.contact_name, c.email, c.phone, c.created_at';

export const findClientByEmail = async (em: SqlEntityManager, email: string): Promise<ClientSummary | null> => {
  const rows = await em.execute<ClientSummary[]>(`select ${CLIENT_COLUMNS} from claims_client c where c.email = ?`, [email]);

  return rows[0] ?? null;
};

export const storeMagicLink = async (
  em: SqlEntityManager,
  link: { clientId: string; tokenHash: string; expiresAt: Date; requestedIp: string; now: Date },
): Promise<void> => {
  await em.execute(
    `insert into claims_magic_link_token (id, client_id, token_hash, expires_at, consumed_at, requested_ip, created_at)
     values (?, ?, ?, ?, null, ?, ?)`,
    [randomUUID(), link.clientId, link.tokenHash, link.expiresAt, link.requestedIp, link.now],
  );
};

/** Deletes sign-in tokens that expired more than `olderThan` ago, used or not. */
export const sweepMagicLinks = async (em: SqlEntityManager, olderThan: Date): Promise<void> => {
  await em.execute('delete from claims_magic_link_token where expires_at < ?', [olderThan]);
};

/**
 * Consumes a sign-in token and opens a session in one transaction. The conditional update is
 * what makes the token single-use: of two concurrent verifies only one sees the row change.
 */
export const consumeMagicLink = async (
  em: SqlEntityManager,
  input: { tokenHash: string; sessionHash: string; now: Date; sessionExpiresAt: Date },
): Promise<ClientSummary | null> =>
  em.fork().transactional(async (tx) => {
    const consumed = await tx.execute<{ client_id: string }[]>(
      `update claims_magic_link_token set consumed_at = ?
       where token_hash = ? and consumed_at is null and expires_at > ?
       returning client_id`,
      [input.now, input.tokenHash, input.now],
    );
    const clientId = consumed[0]?.client_id;
    if (!clientId) {
      return null;
    }
    await tx.execute(
      `insert into claims_session (id, client_id, session_hash, expires_at, revoked_at, last_seen_at, created_at)
       values (?, ?, ?, ?, null, null, ?)`,
      [randomUUID(), clientId, input.sessionHash, input.sessionExpiresAt, input.now],
    );
    const rows = await tx.execute<ClientSummary[]>(`select ${CLIENT_COLUMNS} from claims_client c where c.id = ?`, [clientId]);

    return rows[0] ?? null;
  });

export type ActiveSession = { sessionId: string; client: ClientSummary };

/** Resolves a live session and stamps its last use; revoked or expired sessions resolve to null. */
export const touchSession = async (em: SqlEntityManager, sessionHash: string, now: Date): Promise<ActiveSession | null> => {
  const rows = await em.execute<(ClientSummary & { session_id: string })[]>(
    `with s as (
       update claims_session set last_seen_at = ?
       where session_hash = ? and revoked_at is null and expires_at > ?
       returning id, client_id
     )
     select s.id as session_id, ${CLIENT_COLUMNS} from s join claims_client c on c.id = s.client_id`,
    [now, sessionHash, now],
  );
  const row = rows[0];
  if (!row) {
    return null;
  }
  const { session_id: sessionId, ...client } = row;

  return { sessionId, client };
};

export const revokeSession = async (em: SqlEntityManager, sessionId: string, now: Date): Promise<void> => {
  await em.execute('update claims_session set revoked_at = ? where id = ? and revoked_at is null', [now, sessionId]);
};
