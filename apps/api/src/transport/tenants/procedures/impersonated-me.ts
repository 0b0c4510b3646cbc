import { impersonationProcedure } from '../impersonation-procedure.ts';
import { impersonatedMeOutput } from '../output-schemas.ts';

export const impersonatedMe = impersonationProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/ops/impersonated/me',
      status: 200,
      access: 'impersonation',
      tags: ['ops'],
      summary: 'The identity being impersonated',
      errors: ['unauthorized'],
    },
  })
  .output(impersonatedMeOutput)
  .query(({ ctx }) => ({
    impersonated_user: {
      email: ctx.impersonation.userEmail,
      role: ctx.impersonation.targetRole,
      tenant_id: ctx.impersonation.tenantId,
      impersonated_by: ctx.impersonation.adminEmail,
      expires_at: ctx.impersonation.expiresAt.toISOString(),
    },
  }));
