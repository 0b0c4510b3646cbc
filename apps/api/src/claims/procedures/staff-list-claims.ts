import { staffListInput } from '@switchyard/domain/claims/schemas';
import { listStaffClaims } from '@switchyard/db/claims/staff-reads';
import { staffProcedure } from '../trpc.ts';
import { presentStaffListItem } from '../presenters.ts';

export const staffListClaims = staffProcedure.input(staffListInput).query(async ({ ctx, input }) => {
  const { rows, total } = await listStaffClaims(ctx.db.fork(), input);

  return { claims: rows.map(presentStaffListItem), total, limit: input.limit, offset: input.offset };
});
