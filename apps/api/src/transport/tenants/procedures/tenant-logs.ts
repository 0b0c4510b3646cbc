import { DomainError } from '@switchyard/domain/errors';
import { isAdmin, STAFF_ROLES } from '@switchyard/domain/transport/session-user';
import { tenantLogsInput } from '@switchyard/domain/transport/tenants/schemas';
import { householdIdsSubmittedBy } from '@switchyard/db/transport/billing/payer-households';
import { findTenant } from '@switchyard/db/transport/tenants';
import { listTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import { signedInProcedure } from '../../trpc.ts';
import { presentAuditRow } from '../presenters.ts';
import { auditRowsOutput } from '../output-schemas.ts';

/**
 * A tenant's audit trail. The tenant's operators and administrators read every row, platform
 * administrators any tenant's; any other user of the tenant (a family) reads only the rows about
 * the households its account submitted and about its own account, which may be none. A user without
 * a role is refused like everywhere else.
 */
export const tenantLogs = signedInProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/tenants/{tenant}/logs',
      status: 200,
      input: 'query',
      access: 'tenant',
      tags: ['tenants'],
      summary: "A tenant's audit log, newest first",
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .output(auditRowsOutput)
  .input(tenantLogsInput)
  .query(async ({ ctx, input }) => {
    const tenantId = input.tenant.trim().toLowerCase();
    const ownTenant = ctx.user.role !== null && ctx.user.tenant_id === tenantId;
    if (!isAdmin(ctx.user) && !ownTenant) {
      throw new DomainError('forbidden', 'Forbidden');
    }
    const em = ctx.em;
    if (!(await findTenant(em, tenantId))) {
      throw new DomainError('not_found', 'Tenant not found');
    }
    const readsEveryRow = isAdmin(ctx.user) || (STAFF_ROLES as readonly string[]).includes(ctx.user.role ?? '');
    const family = readsEveryRow
      ? undefined
      : { householdIds: await householdIdsSubmittedBy(em, tenantId, ctx.user.id), userId: ctx.user.id };
    const rows = await listTransportAudit(em, {
      tenantId,
      limit: input.limit,
      ...(family ? { family } : {}),
      ...(input.action === undefined ? {} : { action: input.action }),
      ...(input.actor === undefined ? {} : { actor: input.actor }),
      ...(input.household_id === undefined ? {} : { householdId: input.household_id }),
      ...(input.resource === undefined ? {} : { resource: input.resource }),
    });

    return rows.map(presentAuditRow);
  });
