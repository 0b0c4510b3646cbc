import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../kysely.ts';
import { MagicLinkToken, Session } from './entities.ts';

export type ClientSummary = {
  id: string;
  client_number: string;
  company_name: string;
  contact_name: string;
  email: string;
  phone: string | null;
  created_at: Date;
};

const CLIENT_COLUMNS = ['c.id', 'c.client_number', 'c.company_name', 'c.contact_name', 'c.email', 'c.phone', 'c.created_at'] as const;

export const findClientByEmail = async (em: SqlEntityManager, email: string): Promise<ClientSummary | null> =>
  (await db(em).selectFrom('claims_client as c').select(CLIENT_COLUMNS).where('c.email', '=', email).executeTakeFirst()) ?? null;

export const storeMagicLink = async (
  em: SqlEntityManager,
  link: { clientId: string; tokenHash: string; expiresAt: Date; requestedIp: string; now: Date },
): Promise<void> => {
  await db(em)
    .insertInto('claims_magic_link_token')
    .values({
      id: randomUUID(),
      client_id: link.clientId,
      token_hash: link.tokenHash,
      expires_at: link.expiresAt,
      consumed_at: null,
      requested_ip: link.requestedIp,
      created_at: link.now,
    })
    .execute();
};

/** Deletes sign-in tokens that expired more than `olderThan` ago, used or not. */
export const sweepMagicLinks = async (em: SqlEntityManager, olderThan: Date): Promise<void> => {
  await em.nativeDelete(MagicLinkToken, { expiresAt: { $lt: olderThan } });
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
    const consumed = await db(tx)
      .updateTable('claims_magic_link_token')
      .set({ consumed_at: input.now })
      .where('token_hash', '=', input.tokenHash)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', input.now)
      .returning('client_id')
      .executeTakeFirst();
    const clientId = consumed?.client_id;
    if (!clientId) {
      return null;
    }
    await db(tx)
      .insertInto('claims_session')
      .values({
        id: randomUUID(),
        client_id: clientId,
        session_hash: input.sessionHash,
        expires_at: input.sessionExpiresAt,
        revoked_at: null,
        last_seen_at: null,
        created_at: input.now,
      })
      .execute();

    return (await db(tx).selectFrom('claims_client as c').select(CLIENT_COLUMNS).where('c.id', '=', clientId).executeTakeFirst()) ?? null;
  });

export type ActiveSession = { sessionId: string; client: ClientSummary };

/** Resolves a live session and stamps its last use; revoked or expired sessions resolve to null. */
export const touchSession = async (em: SqlEntityManager, sessionHash: string, now: Date): Promise<ActiveSession | null> => {
  // One statement: the stamp and the read of its client.
  const row = await db(em)
    .with('s', (query) =>
      query
        .updateTable('claims_session')
        .set({ last_seen_at: now })
        .where('session_hash', '=', sessionHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['id', 'client_id']),
    )
    .selectFrom('s')
    .innerJoin('claims_client as c', 'c.id', 's.client_id')
    .select(['s.id as session_id', ...CLIENT_COLUMNS])
    .executeTakeFirst();
  if (!row) {
    return null;
  }
  const { session_id: sessionId, ...client } = row;

  return { sessionId, client };
};

export const revokeSession = async (em: SqlEntityManager, sessionId: string, now: Date): Promise<void> => {
  await em.nativeUpdate(Session, { id: sessionId, revokedAt: null }, { revokedAt: now });
};
