import { revokeStaffSession } from '@switchyard/db/claims/staff-members';
import { staffProcedure } from '../trpc.ts';
import { messageOutput } from '../output-schemas.ts';

export const staffLogout = staffProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/staff/auth/logout',
      status: 200,
      access: 'staff',
      tags: ['staff'],
      summary: "End the staff member's current session",
      errors: ['forbidden'],
    },
  })
  .output(messageOutput)
  .mutation(async ({ ctx }) => {
    // The shared key has no session to end; answering the same keeps the console's sign-out simple.
    if (ctx.staffCaller.kind === 'member') {
      await revokeStaffSession(ctx.em, ctx.staffCaller.sessionId, ctx.now());
    }

    return { message: 'You are signed out.' };
  });
