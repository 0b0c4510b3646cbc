import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../kysely.ts';
import { StaffSession, StaffSignInToken } from './staff-entities.ts';

export type StaffMemberRow = {
  id: string;
  email: string;
  name: string;
  is_admin: boolean;
  active: boolean;
  created_at: Date;
  deactivated_at: Date | null;
};

const MEMBER_COLUMNS = ['m.id', 'm.email', 'm.name', 'm.is_admin', 'm.active', 'm.created_at', 'm.deactivated_at'] as const;

/** Adds a member; answers null when the e-mail already belongs to one (active or not). */
export const addStaffMember = async (
  em: SqlEntityManager,
  input: { email: string; name: string; isAdmin: boolean; now: Date },
): Promise<StaffMemberRow | null> =>
  (await db(em)
    .insertInto('claims_staff_member')
    .values({
      id: randomUUID(),
      email: input.email,
      name: input.name,
      is_admin: input.isAdmin,
      active: true,
      created_at: input.now,
      deactivated_at: null,
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning(['id', 'email', 'name', 'is_admin', 'active', 'created_at', 'deactivated_at'])
    .executeTakeFirst()) ?? null;

/** Every member, active ones first, then by name. */
export const listStaffMembers = async (em: SqlEntityManager): Promise<StaffMemberRow[]> =>
  db(em)
    .selectFrom('claims_staff_member as m')
    .select(MEMBER_COLUMNS)
    .orderBy('m.active', 'desc')
    .orderBy('m.name')
    .orderBy('m.id')
    .execute();

export const findStaffMember = async (em: SqlEntityManager, id: string): Promise<StaffMemberRow | null> =>
  (await db(em).selectFrom('claims_staff_member as m').select(MEMBER_COLUMNS).where('m.id', '=', id).executeTakeFirst()) ?? null;

export const findActiveStaffMemberByEmail = async (em: SqlEntityManager, email: string): Promise<StaffMemberRow | null> =>
  (await db(em)
    .selectFrom('claims_staff_member as m')
    .select(MEMBER_COLUMNS)
    .where('m.email', '=', email)
    .where('m.active', '=', true)
    .executeTakeFirst()) ?? null;

/**
 * Deactivates a member and revokes every session of theirs (run it in a transaction); answers the member
 * as stored. A deactivated member's session stops working even without the revocation, because
 * each request reads the `active` flag; revoking keeps the session table telling the truth.
 */
export const deactivateStaffMember = async (
  tx: SqlEntityManager,
  id: string,
  now: Date,
): Promise<{ member: StaffMemberRow; changed: boolean } | null> => {
  const changed = await db(tx)
    .updateTable('claims_staff_member')
    .set({ active: false, deactivated_at: now })
    .where('id', '=', id)
    .where('active', '=', true)
    .returning('id')
    .executeTakeFirst();
  await db(tx)
    .updateTable('claims_staff_session')
    .set({ revoked_at: now })
    .where('staff_member_id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  const member = await db(tx).selectFrom('claims_staff_member as m').select(MEMBER_COLUMNS).where('m.id', '=', id).executeTakeFirst();

  return member ? { member, changed: changed !== undefined } : null;
};

export const storeStaffSignInToken = async (
  em: SqlEntityManager,
  token: { staffMemberId: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> => {
  await db(em)
    .insertInto('claims_staff_sign_in_token')
    .values({
      id: randomUUID(),
      staff_member_id: token.staffMemberId,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      consumed_at: null,
      created_at: token.now,
    })
    .execute();
};

export const sweepStaffSignInTokens = async (em: SqlEntityManager, olderThan: Date): Promise<void> => {
  await em.nativeDelete(StaffSignInToken, { expiresAt: { $lt: olderThan } });
};

/**
 * Consumes a staff sign-in token and opens a session in one transaction, as the client sign-in
 * does; a member deactivated after the link was mailed gets no session.
 */
export const consumeStaffSignInToken = (
  em: SqlEntityManager,
  input: { tokenHash: string; sessionHash: string; now: Date; sessionExpiresAt: Date },
): Promise<StaffMemberRow | null> =>
  em.fork().transactional(async (tx) => {
    const consumed = await db(tx)
      .updateTable('claims_staff_sign_in_token')
      .set({ consumed_at: input.now })
      .where('token_hash', '=', input.tokenHash)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', input.now)
      .returning('staff_member_id')
      .executeTakeFirst();
    const memberId = consumed?.staff_member_id;
    if (!memberId) {
      return null;
    }
    const member = await db(tx)
      .selectFrom('claims_staff_member as m')
      .select(MEMBER_COLUMNS)
      .where('m.id', '=', memberId)
      .where('m.active', '=', true)
      .executeTakeFirst();
    if (!member) {
      return null;
    }
    await db(tx)
      .insertInto('claims_staff_session')
      .values({
        id: randomUUID(),
        staff_member_id: memberId,
        session_hash: input.sessionHash,
        expires_at: input.sessionExpiresAt,
        revoked_at: null,
        last_seen_at: null,
        created_at: input.now,
      })
      .execute();

    return member;
  });

export type ActiveStaffSession = { sessionId: string; member: StaffMemberRow };

/**
 * Resolves a live session of an active member and stamps its last use, in one statement, on every
 * staff request: a deactivated member is refused from their next request on.
 */
export const touchStaffSession = async (em: SqlEntityManager, sessionHash: string, now: Date): Promise<ActiveStaffSession | null> => {
  const row = await db(em)
    .with('s', (query) =>
      query
        .updateTable('claims_staff_session')
        .set({ last_seen_at: now })
        .where('session_hash', '=', sessionHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('claims_staff_member as a')
              .select('a.id')
              .whereRef('a.id', '=', 'claims_staff_session.staff_member_id')
              .where('a.active', '=', true),
          ),
        )
        .returning(['id', 'staff_member_id']),
    )
    .selectFrom('s')
    .innerJoin('claims_staff_member as m', 'm.id', 's.staff_member_id')
    .select(['s.id as session_id', ...MEMBER_COLUMNS])
    .executeTakeFirst();
  if (!row) {
    return null;
  }
  const { session_id: sessionId, ...member } = row;

  return { sessionId, member };
};

export const revokeStaffSession = async (em: SqlEntityManager, sessionId: string, now: Date): Promise<void> => {
  await em.nativeUpdate(StaffSession, { id: sessionId, revokedAt: null }, { revokedAt: now });
};
