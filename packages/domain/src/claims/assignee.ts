import { DomainError } from '../errors.ts';
import type { StaffCaller } from './staff-members.ts';

/** The assignee filter as the database reads it: a member id, or `none` for claims given to nobody. */
export type AssigneeSelection = string | 'none' | undefined;

/**
 * Turns the filter's `me` into the signed-in member's id; the shared staff key is no person, so it
 * has no claims of its own to ask for.
 */
export const resolveAssigneeFilter = (assignee: string | undefined, caller: StaffCaller): AssigneeSelection => {
  if (assignee !== 'me') {
    return assignee;
  }
  if (caller.kind !== 'member') {
    throw new DomainError('validation_error', 'assignee: "me" needs a staff member\'s sign-in; the shared staff key is nobody.');
  }

  return caller.id;
};

/** Only an active member can be given claims: a deactivated one would never see them. */
export const ensureAssignable = (member: { name: string; active: boolean } | null): void => {
  if (!member) {
    throw new DomainError('validation_error', 'assignee_id: there is no staff member with this id.');
  }
  if (!member.active) {
    throw new DomainError('conflict', `${member.name} is deactivated and cannot be given claims.`);
  }
};
