import { impersonationProcedure } from '../impersonation-procedure.ts';

export const impersonatedMe = impersonationProcedure.query(({ ctx }) => ({
  impersonated_user: {
    email: ctx.impersonation.userEmail,
    role: ctx.impersonation.targetRole,
    tenant_id: ctx.impersonation.tenantId,
    impersonated_by: ctx.impersonation.adminEmail,
    expires_at: ctx.impersonation.expiresAt.toISOString(),
  },
}));
