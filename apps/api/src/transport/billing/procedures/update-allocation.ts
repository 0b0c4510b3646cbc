import { updateAllocationInput } from '@switchyard/domain/transport/billing/schemas';
import { updateAllocation as patchAllocation } from '@switchyard/db/transport/billing/payers';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { householdAnswer } from '../household-answer.ts';
import { householdDetailOutput } from '../output-schemas.ts';

/** Changes how an allocation shares its child's rate; the primary payer still takes the rest. */
export const updateAllocation = tenantProcedure
  .meta({
    rest: {
      method: 'PUT',
      path: '/api/billing/households/{household_id}/allocations/{allocation_id}',
      status: 200,
      input: 'json',
      access: 'tenant',
      tags: ['billing'],
      summary: "Change an allocation's split type and value",
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .input(updateAllocationInput)
  .output(householdDetailOutput)
  .mutation(async ({ ctx, input }) => {
    const changed = await patchAllocation(ctx.em, {
      tenantId: ctx.tenantId,
      householdId: input.household_id,
      allocationId: input.allocation_id,
      splitType: input.split_type,
      value: input.value,
    });
    await auditStaffWrite(ctx, {
      action: 'allocation.update',
      resource: `allocation:${input.allocation_id}`,
      householdId: input.household_id,
      details: {
        from: { split_type: changed.before.split_type, value: Number(changed.before.value) },
        to: { split_type: changed.after.split_type, value: Number(changed.after.value) },
      },
    });

    return householdAnswer(ctx, ctx.tenantId, input.household_id);
  });
