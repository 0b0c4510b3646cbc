import { z } from 'zod';
import { toIsoSeconds, toIsoSecondsOrNull } from '@switchyard/domain/time';
import type { StaffMemberRow } from '@switchyard/db/claims/staff-members';

const timestamp = z.iso.datetime().describe('UTC, whole seconds: YYYY-MM-DDTHH:MM:SSZ');

export const staffMemberOutput = z.strictObject({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  is_admin: z.boolean(),
  active: z.boolean(),
  created_at: timestamp,
  deactivated_at: timestamp.nullable(),
});
export type StaffMemberOutput = z.output<typeof staffMemberOutput>;

export const staffMemberListOutput = z.strictObject({ members: z.array(staffMemberOutput) });

export const staffVerifyOutput = z.strictObject({
  session_token: z.string().describe('send as Authorization: Bearer on staff paths'),
  expires_at: timestamp,
  member: staffMemberOutput,
});

export const staffMeOutput = z.strictObject({
  kind: z.enum(['api_key', 'member']).describe('api_key: the shared X-Staff-Key; member: a named staff session'),
  name: z.string(),
  email: z.string().nullable(),
  is_admin: z.boolean().describe('may manage staff members (always true for the shared key)'),
});

export const presentStaffMember = (row: StaffMemberRow): StaffMemberOutput => ({
  id: row.id,
  email: row.email,
  name: row.name,
  is_admin: row.is_admin,
  active: row.active,
  created_at: toIsoSeconds(row.created_at),
  deactivated_at: toIsoSecondsOrNull(row.deactivated_at),
});
