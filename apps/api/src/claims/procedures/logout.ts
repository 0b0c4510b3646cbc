import { revokeSession } from '@switchyard/db/claims/sign-in';
import { clientProcedure } from '../trpc.ts';

export const logout = clientProcedure.mutation(async ({ ctx }) => {
  await revokeSession(ctx.db.fork(), ctx.session.sessionId, ctx.now());

  return { message: 'You are signed out.' };
});
