import { z } from 'zod';

/** What the tenant creation and staff paths answer (presenters.ts builds them). */

const timestamp = z.iso.datetime();

export const staffInviteOutput = z.strictObject({
  id: z.string(),
  tenant_id: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  invited_by: z.string(),
  invited_at: timestamp,
  accepted_at: timestamp.nullable(),
  status: z.enum(['pending', 'active']).describe('active once the invitee has set a password'),
});

export const tenantStaffOutput = z.strictObject({ tenant_id: z.string(), invites: z.array(staffInviteOutput) });
