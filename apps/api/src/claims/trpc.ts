import { initTRPC, TRPCError } from '@trpc/server';
import { DomainError } from '@switchyard/domain/errors';
import { secretsMatch, hashToken } from '@switchyard/domain/claims/tokens';
import { touchSession } from '@switchyard/db/claims/sign-in';
import type { ProcedureMeta } from '@switchyard/rest-adapter/route-table';
import type { ClaimsContext } from './context.ts';
import { claimsErrors } from './errors.ts';

const t = initTRPC.context<ClaimsContext>().meta<ProcedureMeta>().create({ errorFormatter: claimsErrors.formatTrpcError });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure;

/** Resolves the bearer session to its client; every client procedure is scoped to that client. */
export const clientProcedure = t.procedure.use(async ({ ctx, next }) => {
  if (!ctx.bearerToken) {
    throw new DomainError('unauthorized', 'Sign in to continue.');
  }
  const session = await touchSession(ctx.db.fork(), hashToken(ctx.bearerToken), ctx.now());
  if (!session) {
    throw new DomainError('unauthorized', 'Your session has ended. Sign in again.');
  }

  return next({ ctx: { ...ctx, session } });
});

/** Staff procedures need the shared key, compared in constant time. */
export const staffProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.staffKeyHeader || !secretsMatch(ctx.staffKeyHeader, ctx.staffKey)) {
    throw new DomainError('forbidden', 'A valid staff key is required.');
  }

  return next({ ctx: { ...ctx, staffActor: 'staff' } });
});

export { TRPCError };
