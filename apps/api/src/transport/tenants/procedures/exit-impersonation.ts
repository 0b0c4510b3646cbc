import { DomainError } from '@switchyard/domain/errors';
import { digestOpaqueToken } from '@switchyard/domain/transport/tenants/impersonation';
import { exitImpersonationInput } from '@switchyard/domain/transport/tenants/schemas';
import { recordTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import { endImpersonationSession } from '@switchyard/db/transport/tenants/impersonation-sessions';
import { publicProcedure } from '../../trpc.ts';
import { exitImpersonationOutput } from '../output-schemas.ts';

/** Holding the token is the authority to end its session, whether it comes in the body or as bearer. */
export const exitImpersonation = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/ops/exit-impersonation',
      status: 200,
      input: 'json',
      access: 'public',
      tags: ['ops'],
      summary: 'End an impersonation session (token in body or as bearer)',
      documentedInput: exitImpersonationInput,
    },
  })
  .output(exitImpersonationOutput)
  .input(exitImpersonationInput.optional())
  .mutation(async ({ ctx, input }) => {
    const token = input?.token?.trim() || ctx.bearerToken;
    if (!token) {
      throw new DomainError('validation_error', 'token is required (in the body or as the bearer token)');
    }
    const now = ctx.now();
    // A transaction of its own fork, as the repositories' transactions: it starts from an empty identity map.
    const ended = await ctx.em.fork().transactional(async (tx) => {
      const session = await endImpersonationSession(tx, digestOpaqueToken(token), now);
      if (session) {
        await recordTransportAudit(tx, {
          tenantId: session.tenant_id,
          actor: session.admin_email,
          action: 'assume_identity_end',
          resource: `tenant:${session.tenant_id}`,
          details: { target_role: session.target_role, user_email: session.user_email, admin_user_id: session.admin_user_id },
          at: now,
        });
      }

      return session;
    });
    if (!ended) {
      return { status: 'ok', exited: false, detail: 'Impersonation session not found or already ended' };
    }

    return { status: 'ok', exited: true, tenant_id: ended.tenant_id };
  });
