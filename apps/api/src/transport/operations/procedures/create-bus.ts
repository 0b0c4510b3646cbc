import { DomainError } from '@switchyard/domain/errors';
import { manualBusFix } from '@switchyard/domain/transport/operations/manual-bus-fix';
import { createBusInput } from '@switchyard/domain/transport/operations/schemas';
import { findBus, insertBus } from '@switchyard/db/transport/operations/buses';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { presentBus } from '../presenters.ts';

/** Web app only: an operator adds a bus before its tracker reports (its position is then set like a report). */
export const createBus = tenantProcedure.input(createBusInput).mutation(async ({ ctx, input }) => {
  const { bus_id: id, ...position } = input;
  const fix = manualBusFix(position, ctx.now());
  const em = ctx.em;
  if (!(await insertBus(em, ctx.tenantId, { id, ...fix.position }, fix.lastUpdate))) {
    throw new DomainError('conflict', 'Bus already exists');
  }
  const bus = await findBus(em, ctx.tenantId, id);
  if (!bus) {
    throw new DomainError('not_found', 'Bus not found');
  }
  await auditStaffWrite(ctx, { action: 'bus.create', resource: `bus:${id}`, details: { to: position } });

  return presentBus(bus);
});
