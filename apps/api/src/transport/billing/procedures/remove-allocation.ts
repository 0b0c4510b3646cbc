import { allocationRefInput } from '@switchyard/domain/transport/billing/schemas';
import { removeAllocation as deleteAllocation } from '@switchyard/db/transport/billing/payers';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { presentAllocation } from '../presenters.ts';
import { householdAnswer } from '../household-answer.ts';
import { householdDetailOutput } from '../output-schemas.ts';

/** Removes an allocation; its share falls back to the primary payer. */
export const removeAllocation = tenantProcedure
  .meta({
    rest: {
      method: 'DELETE',
      path: '/api/billing/households/{household_id}/allocations/{allocation_id}',
      status: 200,
      access: 'tenant',
      tags: ['billing'],
      summary: 'Remove an allocation; its share falls back to the primary payer',
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .input(allocationRefInput)
  .output(householdDetailOutput)
  .mutation(async ({ ctx, input }) => {
    const removed = await deleteAllocation(ctx.em, {
      tenantId: ctx.tenantId,
      householdId: input.household_id,
      allocationId: input.allocation_id,
    });
    await auditStaffWrite(ctx, {
      action: 'allocation.remove',
      resource: `allocation:${input.allocation_id}`,
      householdId: input.household_id,
      details: { removed: presentAllocation(removed) },
    });

    return householdAnswer(ctx, ctx.tenantId, input.household_id);
  });
