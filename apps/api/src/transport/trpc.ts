import { initTRPC } from '@trpc/server';
import { DomainError } from '@switchyard/domain/errors';
import { DEMO_USER, isAdmin, STAFF_ROLES, toSessionUser, type SessionUser } from '@switchyard/domain/transport/session-user';
import { findUnstorableInput, unstorableInputMessage } from '@switchyard/domain/transport/unstorable-input';
import { resolveProtectedTenant } from '@switchyard/domain/transport/tenant-resolution';
import { findTenant } from '@switchyard/db/transport/tenants';
import type { ProcedureMeta } from '@switchyard/rest-adapter/route-table';
import type { TransportContext } from './context.ts';
import { transportErrors } from './errors.ts';

const t = initTRPC.context<TransportContext>().meta<ProcedureMeta>().create({ errorFormatter: transportErrors.formatTrpcError });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure starts here: a NUL, an unpaired surrogate or too deep a nesting anywhere in the
 * input (path, query, body, tRPC input) or in the query's tenant hint is refused before any check
 * or statement (see unstorable-input.ts). Headers need no look: Node's HTTP parser refuses a NUL in
 * them.
 */
const refuseUnstorableInput = t.middleware(async ({ ctx, getRawInput, next }) => {
  const found = findUnstorableInput({ tenant: ctx.tenantHints.queryTenant }) ?? findUnstorableInput(await getRawInput());
  if (found !== null) {
    throw new DomainError('validation_error', unstorableInputMessage(found));
  }

  return next();
});

export const publicProcedure = t.procedure.use(refuseUnstorableInput);

const invalidToken = () => new DomainError('unauthorized', 'Invalid token');

const isDemoToken = (ctx: TransportContext, token: string): boolean => ctx.env.DEMO_TOKENS && token.startsWith('demo-');

/**
 * Asks the identity provider who the bearer is; `demo-` tokens stand for the demo user when
 * enabled. Only the provider's refusal is a 401: a provider that cannot say (no answer in time,
 * unreachable, a server error) is the service's 503 with Retry-After, so the web app keeps the
 * session and tries again rather than signing the person out.
 */
const authenticate = async (ctx: TransportContext): Promise<SessionUser> => {
  const token = ctx.bearerToken;
  if (!token) {
    throw invalidToken();
  }
  let identityUser = null;
  try {
    identityUser = await ctx.identity.getUser(token);
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'service_unavailable' && isDemoToken(ctx, token))) {
      throw error;
    }
  }
  if (identityUser) {
    return toSessionUser(identityUser);
  }
  if (isDemoToken(ctx, token)) {
    return DEMO_USER;
  }
  throw invalidToken();
};

/** The user behind a valid token sent with a public request; anonymous (null) otherwise. */
export const optionalUser = async (ctx: TransportContext): Promise<SessionUser | null> => {
  if (!ctx.bearerToken) {
    return null;
  }
  try {
    return await authenticate(ctx);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'unauthorized') {
      return null;
    }
    throw error;
  }
};

/** Any signed-in user, with the tenant the request is for resolved and known to exist. */
export const signedInProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const user = await authenticate(ctx);
  const tenantId = resolveProtectedTenant(user.tenant_id, ctx.tenantHints);
  const tenant = await findTenant(ctx.em, tenantId);
  if (!tenant) {
    throw new DomainError('not_found', 'Tenant not found');
  }

  // The tenant's zone comes with the tenant check, so the live paths read stop times without another query.
  return next({ ctx: { ...ctx, user, tenantId, tenantTimeZone: tenant.time_zone } });
});

/**
 * Tenant endpoints (operators' product endpoints): the user needs a staff role, and, unless a
 * platform administrator, must belong to the tenant the request is for.
 */
export const tenantProcedure = signedInProcedure.use(({ ctx, next }) => {
  const hasStaffRole = ctx.user.role !== null && (STAFF_ROLES as readonly string[]).includes(ctx.user.role);
  if (!hasStaffRole || (!isAdmin(ctx.user) && ctx.user.tenant_id !== ctx.tenantId)) {
    throw new DomainError('forbidden', 'Forbidden');
  }

  return next();
});

/** Platform administration: `admin` or `platform_admin` from app metadata. */
export const adminProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (!isAdmin(ctx.user)) {
    throw new DomainError('forbidden', 'Forbidden');
  }

  return next();
});
