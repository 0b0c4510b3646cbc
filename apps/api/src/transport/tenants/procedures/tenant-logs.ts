import { DomainError } from '@switchyard/domain/errors';
import { isAdmin } from '@switchyard/domain/transport/session-user';
import { tenantLogsInput } from '@switchyard/domain/transport/tenants/schemas';
import { findTenant } from '@switchyard/db/transport/tenants';
import { listTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import { signedInProcedure } from '../../trpc.ts';
import { presentAuditRow } from '../presenters.ts';
import { auditRowsOutput } from '../output-schemas.ts';

/**
 * A tenant's audit trail: for platform administrators, and (as the specification says) for any
 * user of that tenant; a user without any role is refused like everywhere else.
 */
export const tenantLogs = signedInProcedure.meta({ rest: { method: 'GET', path: '/api/tenants/{tenant}/logs', status: 200, input: 'query', access: 'tenant', tags: ['tenants'], summary: "A tenant's audit log, newest first", errors: ['unauthorized', 'forbidden', 'not_found'] } }).output(auditRowsOutput).input(tenantLogsInput).query(async ({ ctx, input }) => {
  const tenantId = input.tenant.trim().toLowerCase();
  if (!isAdmin(ctx.user) && !(ctx.user.role !== null && ctx.user.tenant_id === tenantId)) {
    throw new DomainError('forbidden', 'Forbidden');
  }
  const em = ctx.db.fork();
  if (!(await findTenant(em, tenantId))) {
    throw new DomainError('not_found', 'Tenant not found');
  }

  return (await listTransportAudit(em, { tenantId, limit: input.limit })).map(presentAuditRow);
});
