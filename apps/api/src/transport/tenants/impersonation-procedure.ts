import { DomainError } from '@switchyard/domain/errors';
import { digestOpaqueToken } from '@switchyard/domain/transport/tenants/impersonation';
import { findLiveImpersonationSession } from '@switchyard/db/transport/tenants/impersonation-sessions';
import { publicProcedure } from '../trpc.ts';

export type ImpersonationContext = {
  tenantId: string;
  /** The user chosen to act as, when the administrator named one. */
  userEmail: string | null;
  targetRole: string;
  adminUserId: string;
  adminEmail: string;
  expiresAt: Date;
  /** Digest of the bearer token: identifies the session without holding the token. */
  tokenHash: string;
};

/**
 * Endpoints an administrator calls while acting as a tenant: the bearer is an impersonation token,
 * checked against the stored sessions (existence, not ended, not expired) without asking the
 * identity provider. `ctx.tenantId` is the impersonated tenant.
 */
export const impersonationProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.bearerToken) {
    throw new DomainError('unauthorized', 'Invalid token');
  }
  const tokenHash = digestOpaqueToken(ctx.bearerToken);
  const session = await findLiveImpersonationSession(ctx.em, tokenHash, ctx.now());
  if (!session) {
    throw new DomainError('unauthorized', 'Invalid token');
  }
  const impersonation: ImpersonationContext = {
    tenantId: session.tenant_id,
    userEmail: session.user_email,
    targetRole: session.target_role,
    adminUserId: session.admin_user_id,
    adminEmail: session.admin_email,
    expiresAt: new Date(session.expires_at),
    tokenHash,
  };

  return next({ ctx: { ...ctx, impersonation, tenantId: session.tenant_id } });
});
