import { auditLogInput } from '@switchyard/domain/transport/tenants/schemas';
import { listTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import { adminProcedure } from '../../trpc.ts';
import { presentAuditRow } from '../presenters.ts';
import { auditRowsOutput } from '../output-schemas.ts';

export const auditLog = adminProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/ops/audit-log',
      status: 200,
      input: 'query',
      access: 'admin',
      tags: ['ops'],
      summary: 'Audit rows of all or one tenant, newest first',
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(auditRowsOutput)
  .input(auditLogInput)
  .query(async ({ ctx, input }) =>
    (await listTransportAudit(ctx.em, { tenantId: input.tenant_id ?? null, limit: input.limit })).map(presentAuditRow),
  );
