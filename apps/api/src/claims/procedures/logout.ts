import { revokeSession } from '@switchyard/db/claims/sign-in';
import { clientProcedure } from '../trpc.ts';
import { messageOutput } from '../output-schemas.ts';

export const logout = clientProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/auth/logout',
      status: 200,
      access: 'client',
      tags: ['auth'],
      summary: 'End the current session',
      errors: ['unauthorized'],
    },
  })
  .output(messageOutput)
  .mutation(async ({ ctx }) => {
    await revokeSession(ctx.em, ctx.session.sessionId, ctx.now());

    return { message: 'You are signed out.' };
  });
