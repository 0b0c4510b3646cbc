import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';

export type StaffInviteRow = {
  id: string;
  tenant_id: string;
  email: string;
  display_name: string | null;
  user_id: string;
  invited_by: string;
  created_at: Date | string;
  accepted_at: Date | string | null;
};

const COLUMNS = ['id', 'tenant_id', 'email', 'display_name', 'user_id', 'invited_by', 'created_at', 'accepted_at'] as const;

/** Null when this email was already invited into the tenant. */
export const insertStaffInvite = async (
  em: SqlEntityManager,
  invite: { tenantId: string; email: string; displayName: string | null; userId: string; invitedBy: string; at: Date },
): Promise<StaffInviteRow | null> =>
  (await db(em)
    .insertInto('transport_staff_invite')
    .values({
      id: randomUUID(),
      tenant_id: invite.tenantId,
      email: invite.email,
      display_name: invite.displayName,
      user_id: invite.userId,
      invited_by: invite.invitedBy,
      created_at: invite.at,
      accepted_at: null,
    })
    .onConflict((conflict) => conflict.columns(['tenant_id', 'email']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst()) ?? null;

export const findStaffInvite = async (em: SqlEntityManager, tenantId: string, email: string): Promise<StaffInviteRow | null> =>
  (await db(em)
    .selectFrom('transport_staff_invite')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email)
    .executeTakeFirst()) ?? null;

/** The invitee set a password: their invitations count as accepted (the first time only). */
export const markStaffInvitesAccepted = async (em: SqlEntityManager, userId: string, at: Date): Promise<StaffInviteRow[]> =>
  db(em)
    .updateTable('transport_staff_invite')
    .set({ accepted_at: at })
    .where('user_id', '=', userId)
    .where('accepted_at', 'is', null)
    .returning(COLUMNS)
    .execute();

/** Pending invitations first, then by email. */
export const listStaffInvites = async (em: SqlEntityManager, tenantId: string): Promise<StaffInviteRow[]> =>
  db(em)
    .selectFrom('transport_staff_invite')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .orderBy((eb) => eb('accepted_at', 'is not', null))
    .orderBy('email')
    .limit(500)
    .execute();
