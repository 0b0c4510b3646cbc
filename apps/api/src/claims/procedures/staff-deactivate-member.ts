import { DomainError } from '@switchyard/domain/errors';
import { ensureCanDeactivate, ensureCanManageStaff, staffMemberRefInput } from '@switchyard/domain/claims/staff-members';
import { findStaffMember } from '@switchyard/db/claims/staff-members';
import { deactivateStaffMemberAudited } from '@switchyard/db/claims/staff-member-changes';
import { staffProcedure } from '../trpc.ts';
import { presentStaffMember, staffMemberOutput } from '../staff-members/staff-member-output.ts';

/** Ends every session of the member at once; deactivating an inactive member changes nothing. */
export const staffDeactivateMember = staffProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/staff/members/{member_id}/deactivate',
      status: 200,
      access: 'staff',
      tags: ['staff'],
      summary: 'Deactivate a staff member and end their sessions (administrators)',
      errors: ['forbidden', 'not_found', 'conflict'],
    },
  })
  .output(staffMemberOutput)
  .input(staffMemberRefInput)
  .mutation(async ({ ctx, input }) => {
    const target = await findStaffMember(ctx.em, input.member_id);
    ensureCanManageStaff(ctx.staffCaller);
    if (!target) {
      throw new DomainError('not_found', 'No such staff member.');
    }
    ensureCanDeactivate(ctx.staffCaller, target);
    const member = await deactivateStaffMemberAudited(ctx.em, { id: target.id, actor: ctx.staffActor, now: ctx.now() });
    if (!member) {
      throw new DomainError('not_found', 'No such staff member.');
    }

    return presentStaffMember(member);
  });
