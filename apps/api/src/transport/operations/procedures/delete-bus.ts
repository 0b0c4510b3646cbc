import { DomainError } from '@switchyard/domain/errors';
import { busRefInput } from '@switchyard/domain/transport/operations/schemas';
import { deleteBus as removeBus } from '@switchyard/db/transport/operations/buses';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';

/** Web app only: retires a bus (a tracker that reports again registers it anew). */
export const deleteBus = tenantProcedure.input(busRefInput).mutation(async ({ ctx, input }) => {
  if (!(await removeBus(ctx.em, ctx.tenantId, input.bus_id))) {
    throw new DomainError('not_found', 'Bus not found');
  }
  await auditStaffWrite(ctx, { action: 'bus.delete', resource: `bus:${input.bus_id}` });

  return { ok: true as const };
});
