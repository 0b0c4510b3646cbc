import { initTRPC, TRPCError } from '@trpc/server';
import { DomainError } from '@switchyard/domain/errors';
import { secretsMatch, hashToken } from '@switchyard/domain/claims/tokens';
import { touchSession } from '@switchyard/db/claims/sign-in';
import { touchStaffSession } from '@switchyard/db/claims/staff-members';
import { actorOf, type StaffCaller } from '@switchyard/domain/claims/staff-members';
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
  const session = await touchSession(ctx.em, hashToken(ctx.bearerToken), ctx.now());
  if (!session) {
    throw new DomainError('unauthorized', 'Your session has ended. Sign in again.');
  }

  return next({ ctx: { ...ctx, session } });
});

/**
 * Staff procedures take the shared key (compared in constant time; the API and third parties use
 * it, recorded as "API key") or a named member's session (`Authorization: Bearer`), resolved
 * against the database on every request so a deactivated member is refused at once.
 */
export const staffProcedure = t.procedure.use(async ({ ctx, next }) => {
  let staffCaller: StaffCaller;
  if (ctx.staffKeyHeader !== null) {
    if (!secretsMatch(ctx.staffKeyHeader, ctx.staffKey)) {
      throw new DomainError('forbidden', 'A valid staff key is required.');
    }
    staffCaller = { kind: 'key' };
  } else if (ctx.bearerToken) {
    const session = await touchStaffSession(ctx.em, hashToken(ctx.bearerToken), ctx.now());
    if (!session) {
      throw new DomainError('forbidden', 'A valid staff key or staff session is required. Sign in again.');
    }
    const { member } = session;
    staffCaller = {
      kind: 'member',
      id: member.id,
      email: member.email,
      name: member.name,
      isAdmin: member.is_admin,
      sessionId: session.sessionId,
    };
  } else {
    throw new DomainError('forbidden', 'A valid staff key is required.');
  }

  return next({ ctx: { ...ctx, staffCaller, staffActor: actorOf(staffCaller) } });
});

export { TRPCError };
