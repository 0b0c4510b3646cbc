import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';

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

const COLUMNS = 'id, tenant_id, email, display_name, user_id, invited_by, created_at, accepted_at';

/** Null when this email was already invited into the tenant. */
export const insertStaffInvite = async (
  em: SqlEntityManager,
  invite: { tenantId: string; email: string; displayName: string | null; userId: string; invitedBy: string; at: Date },
): Promise<StaffInviteRow | null> => {
  const rows = await em.execute<StaffInviteRow[]>(
    `insert into transport_staff_invite (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?::timestamptz, null)
     on conflict (tenant_id, email) do nothing returning ${COLUMNS}`,
    [randomUUID(), invite.tenantId, invite.email, invite.displayName, invite.userId, invite.invitedBy, invite.at.toISOString()],
  );

  return rows[0] ?? null;
};

export const findStaffInvite = async (em: SqlEntityManager, tenantId: string, email: string): Promise<StaffInviteRow | null> => {
  const rows = await em.execute<StaffInviteRow[]>(`select ${COLUMNS} from transport_staff_invite where tenant_id = ? and email = ?`, [tenantId, email]);

  return rows[0] ?? null;
};

/** The invitee set a password: their invitations count as accepted (the first time only). */
export const markStaffInvitesAccepted = async (em: SqlEntityManager, userId: string, at: Date): Promise<StaffInviteRow[]> =>
  em.execute<StaffInviteRow[]>(
    `update transport_staff_invite set accepted_at = ?::timestamptz where user_id = ? and accepted_at is null returning ${COLUMNS}`,
    [at.toISOString(), userId],
  );

/** Pending invitations first, then by email. */
export const listStaffInvites = async (em: SqlEntityManager, tenantId: string): Promise<StaffInviteRow[]> =>
  em.execute<StaffInviteRow[]>(
    `select ${COLUMNS} from transport_staff_invite where tenant_id = ? order by accepted_at is not null, email limit 500`,
    [tenantId],
  );
