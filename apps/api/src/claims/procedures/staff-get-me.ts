import { staffProcedure } from '../trpc.ts';
import { staffMeOutput } from '../staff-members/staff-member-output.ts';

export const staffGetMe = staffProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/staff/me',
      status: 200,
      access: 'staff',
      tags: ['staff'],
      summary: 'Who the staff credential belongs to',
      errors: ['forbidden'],
    },
  })
  .output(staffMeOutput)
  .query(({ ctx }) => {
    const caller = ctx.staffCaller;

    return caller.kind === 'key'
      ? { kind: 'api_key' as const, name: 'API key', email: null, is_admin: true }
      : { kind: 'member' as const, name: caller.name, email: caller.email, is_admin: caller.isAdmin };
  });
