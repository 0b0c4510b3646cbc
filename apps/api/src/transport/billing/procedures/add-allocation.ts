import { addAllocationInput } from '@switchyard/domain/transport/billing/schemas';
import { addAllocation as insertAllocation } from '@switchyard/db/transport/billing/payers';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { presentAllocation } from '../presenters.ts';
import { householdAnswer } from '../household-answer.ts';
import { householdDetailOutput } from '../output-schemas.ts';

/** Another share of a child's rate for an existing payer; answers the household with its splits. */
export const addAllocation = tenantProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/billing/households/{household_id}/payers/{payer_id}/allocations',
      status: 201,
      input: 'json',
      access: 'tenant',
      tags: ['billing'],
      summary: 'Add an allocation (fixed, percentage or per child) for an existing payer',
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .input(addAllocationInput)
  .output(householdDetailOutput)
  .mutation(async ({ ctx, input }) => {
    const added = await insertAllocation(ctx.em, {
      tenantId: ctx.tenantId,
      householdId: input.household_id,
      payerId: input.payer_id,
      childId: input.allocation.child_id,
      splitType: input.allocation.split_type,
      value: input.allocation.value,
      now: ctx.now(),
    });
    await auditStaffWrite(ctx, {
      action: 'allocation.add',
      resource: `allocation:${added.id}`,
      householdId: input.household_id,
      details: { to: presentAllocation(added) },
    });

    return householdAnswer(ctx, ctx.tenantId, input.household_id);
  });
