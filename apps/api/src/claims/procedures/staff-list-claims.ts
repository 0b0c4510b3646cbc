import { staffListInput } from '@switchyard/domain/claims/schemas';
import { resolveAssigneeFilter } from '@switchyard/domain/claims/assignee';
import { listStaffClaims } from '@switchyard/db/claims/staff-reads';
import { staffProcedure } from '../trpc.ts';
import { presentStaffListItem } from '../presenters.ts';
import { staffListOutput } from '../output-schemas.ts';

export const staffListClaims = staffProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/staff/claims',
      status: 200,
      input: 'query',
      access: 'staff',
      tags: ['staff'],
      summary: 'List and filter claims',
      errors: ['forbidden'],
    },
  })
  .output(staffListOutput)
  .input(staffListInput)
  .query(async ({ ctx, input }) => {
    const assignee = resolveAssigneeFilter(input.assignee, ctx.staffCaller);
    const { rows, total } = await listStaffClaims(ctx.em, { ...input, assignee });

    return { claims: rows.map(presentStaffListItem), total, limit: input.limit, offset: input.offset };
  });
