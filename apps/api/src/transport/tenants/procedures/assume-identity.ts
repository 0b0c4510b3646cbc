import { DomainError } from '@switchyard/domain/errors';
import { assumeIdentityInput } from '@switchyard/domain/transport/tenants/schemas';
import {
  DEFAULT_TARGET_ROLE,
  digestOpaqueToken,
  impersonationBanner,
  impersonationExpiry,
  newOpaqueToken,
} from '@switchyard/domain/transport/tenants/impersonation';
import { findTenant } from '@switchyard/db/transport/tenants';
import { recordTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import { createImpersonationSession } from '@switchyard/db/transport/tenants/impersonation-sessions';
import { adminProcedure } from '../../trpc.ts';
import { assumeIdentityOutput } from '../output-schemas.ts';

/** Starts a 15-minute session in which a platform administrator acts as a tenant identity. */
export const assumeIdentity = adminProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/ops/assume-identity',
      status: 200,
      input: 'json',
      access: 'admin',
      tags: ['ops'],
      summary: 'Act as a tenant identity for 15 minutes',
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .output(assumeIdentityOutput)
  .input(assumeIdentityInput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.now();
    const token = newOpaqueToken();
    const expiresAt = impersonationExpiry(now);
    const targetRole = input.target_role ?? DEFAULT_TARGET_ROLE;
    const userEmail = input.user_email ?? null;
    // A transaction of its own fork, as the repositories' transactions: it starts from an empty identity map.
    await ctx.em.fork().transactional(async (tx) => {
      if (!(await findTenant(tx, input.tenant_id))) {
        throw new DomainError('not_found', 'Tenant not found');
      }
      await createImpersonationSession(tx, {
        token_hash: digestOpaqueToken(token),
        tenant_id: input.tenant_id,
        user_email: userEmail,
        target_role: targetRole,
        admin_user_id: ctx.user.id,
        admin_email: ctx.user.email,
        created_at: now,
        expires_at: expiresAt,
      });
      await recordTransportAudit(tx, {
        tenantId: input.tenant_id,
        actor: ctx.user.email || ctx.user.id,
        action: 'assume_identity_start',
        resource: `tenant:${input.tenant_id}`,
        details: { target_role: targetRole, user_email: userEmail, admin_user_id: ctx.user.id, expires_at: expiresAt.toISOString() },
        at: now,
      });
    });

    return {
      token,
      expires_at: expiresAt.toISOString(),
      banner: impersonationBanner({ tenantId: input.tenant_id, userEmail, targetRole, expiresAt }),
    };
  });
