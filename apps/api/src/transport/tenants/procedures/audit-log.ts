import { auditLogInput } from '@switchyard/domain/transport/tenants/schemas';
import { listTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import { adminProcedure } from '../../trpc.ts';
import { presentAuditRow } from '../presenters.ts';

export const auditLog = adminProcedure
  .input(auditLogInput)
  .query(async ({ ctx, input }) => (await listTransportAudit(ctx.db.fork(), { tenantId: input.tenant_id ?? null, limit: input.limit })).map(presentAuditRow));
