import { listStaffMembers } from '@switchyard/db/claims/staff-members';
import { staffProcedure } from '../trpc.ts';
import { presentStaffMember, staffMemberListOutput } from '../staff-members/staff-member-output.ts';

/** Every member, so any of them can pick an assignee; managing them is for administrators. */
export const staffListMembers = staffProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/staff/members',
      status: 200,
      access: 'staff',
      tags: ['staff'],
      summary: 'Staff members, active first',
      errors: ['forbidden'],
    },
  })
  .output(staffMemberListOutput)
  .query(async ({ ctx }) => ({ members: (await listStaffMembers(ctx.em)).map(presentStaffMember) }));
