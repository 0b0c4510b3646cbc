import type { StaffInviteRow } from '@switchyard/db/transport/staff/staff-invites';
import type { z } from 'zod';
import type { staffInviteOutput } from './output-schemas.ts';

const iso = (value: Date | string): string => new Date(value).toISOString();

export const presentStaffInvite = (row: StaffInviteRow): z.output<typeof staffInviteOutput> => ({
  id: row.id,
  tenant_id: row.tenant_id,
  email: row.email,
  display_name: row.display_name,
  invited_by: row.invited_by,
  invited_at: iso(row.created_at),
  accepted_at: row.accepted_at === null ? null : iso(row.accepted_at),
  status: row.accepted_at === null ? ('pending' as const) : ('active' as const),
});
