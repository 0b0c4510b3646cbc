import { DomainError } from '@switchyard/domain/errors';
import { ensureCanManageStaff, staffMemberAddInput } from '@switchyard/domain/claims/staff-members';
import { addStaffMemberAudited } from '@switchyard/db/claims/staff-member-changes';
import { staffProcedure } from '../trpc.ts';
import { presentStaffMember, staffMemberOutput } from '../staff-members/staff-member-output.ts';

export const staffAddMember = staffProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/staff/members',
      status: 201,
      input: 'json',
      access: 'staff',
      tags: ['staff'],
      summary: 'Invite a staff member (administrators)',
      errors: ['forbidden', 'conflict'],
    },
  })
  .output(staffMemberOutput)
  .input(staffMemberAddInput)
  .mutation(async ({ ctx, input }) => {
    ensureCanManageStaff(ctx.staffCaller);
    const added = await addStaffMemberAudited(ctx.em, {
      email: input.email,
      name: input.name,
      isAdmin: input.is_admin,
      actor: ctx.staffActor,
      now: ctx.now(),
    });
    if (!added) {
      throw new DomainError('conflict', `A staff member with the email ${input.email} already exists.`);
    }

    return presentStaffMember(added);
  });
