import { DomainError } from '@switchyard/domain/errors';
import { isAdmin, STAFF_ROLES } from '@switchyard/domain/transport/session-user';
import { tenantLogsInput } from '@switchyard/domain/transport/tenants/schemas';
import { findTenant } from '@switchyard/db/transport/tenants';
import { listTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import { signedInProcedure } from '../../trpc.ts';
import { presentAuditRow } from '../presenters.ts';

/** A tenant's audit trail: for platform administrators, and for the tenant's own staff. */
export const tenantLogs = signedInProcedure.input(tenantLogsInput).query(async ({ ctx, input }) => {
  const tenantId = input.tenant.trim().toLowerCase();
  const staff = ctx.user.role !== null && (STAFF_ROLES as readonly string[]).includes(ctx.user.role);
  if (!isAdmin(ctx.user) && !(staff && ctx.user.tenant_id === tenantId)) {
    throw new DomainError('forbidden', 'Forbidden');
  }
  const em = ctx.db.fork();
  if (!(await findTenant(em, tenantId))) {
    throw new DomainError('not_found', 'Tenant not found');
  }

  return (await listTransportAudit(em, { tenantId, limit: input.limit })).map(presentAuditRow);
});
