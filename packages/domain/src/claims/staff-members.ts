import { z } from 'zod';
import { DomainError } from '../errors.ts';
import { isSingleLine, SINGLE_LINE_MESSAGE } from '../single-line.ts';
import { LIMITS } from './limits.ts';
import { emailSchema } from './schemas.ts';

/**
 * Who is making a staff request: the shared staff key (the API and third parties), or a named
 * staff member signed in with a session of their own.
 */
export type StaffCaller =
  { kind: 'key' } | { kind: 'member'; id: string; email: string; name: string; isAdmin: boolean; sessionId: string };

/** The audit actor of the shared key: it identifies no person. */
export const STAFF_KEY_ACTOR = 'API key';

/** What the audit trail records for a caller: a member by their e-mail, which never changes. */
export const actorOf = (caller: StaffCaller): string => (caller.kind === 'key' ? STAFF_KEY_ACTOR : caller.email);

/** A note's author when the request names none. */
export const authorNameOf = (caller: StaffCaller): string => (caller.kind === 'key' ? 'Staff' : caller.name);

/** Inviting and deactivating members is for the holder of the shared key and for administrators. */
export const ensureCanManageStaff = (caller: StaffCaller): void => {
  if (caller.kind === 'member' && !caller.isAdmin) {
    throw new DomainError('forbidden', 'Only an administrator can manage staff members.');
  }
};

/** A member cannot lock themselves out: another administrator (or the shared key) does it. */
export const ensureCanDeactivate = (caller: StaffCaller, target: { id: string; active: boolean }): void => {
  ensureCanManageStaff(caller);
  if (caller.kind === 'member' && caller.id === target.id) {
    throw new DomainError('conflict', 'You cannot deactivate yourself; ask another administrator.');
  }
};

/** When a staff session started now ends. */
export const staffSessionExpiry = (now: Date): Date => new Date(now.getTime() + LIMITS.staffSessionHours * 3_600_000);

const memberName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(LIMITS.name, `must be at most ${LIMITS.name} characters`)
  .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters')
  .refine(isSingleLine, SINGLE_LINE_MESSAGE);

export const staffMemberAddInput = z.strictObject({
  email: emailSchema,
  name: memberName,
  is_admin: z.boolean().default(false),
});
export type StaffMemberAddInput = z.output<typeof staffMemberAddInput>;

export const staffMemberRefInput = z.strictObject({ member_id: z.uuid('must be a staff member id') });
