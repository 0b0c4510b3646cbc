import { listRegistrationsInput } from '@switchyard/domain/transport/billing/schemas';
import { listRegistrations as readRegistrations } from '@switchyard/db/transport/billing/registrations';
import { tenantProcedure } from '../../trpc.ts';

export const listRegistrations = tenantProcedure
  .input(listRegistrationsInput)
  .query(({ ctx, input }) => readRegistrations(ctx.db.fork(), ctx.tenantId, { status: input.status, search: input.search }));
