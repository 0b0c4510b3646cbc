import { auditListInput } from '@switchyard/domain/claims/schemas';
import { listAudit } from '@switchyard/db/claims/staff-reads';
import { staffProcedure } from '../trpc.ts';
import { presentAudit } from '../presenters.ts';
import { auditListOutput } from '../output-schemas.ts';

export const staffAudit = staffProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/staff/audit',
      status: 200,
      input: 'query',
      access: 'staff',
      tags: ['staff'],
      summary: 'Audit entries, newest first',
      errors: ['forbidden'],
    },
  })
  .output(auditListOutput)
  .input(auditListInput)
  .query(async ({ ctx, input }) => {
    const { rows, total } = await listAudit(ctx.em, input);

    return { entries: rows.map(presentAudit), total };
  });
