import { payerRefInput } from '@switchyard/domain/transport/billing/schemas';
import { removePayer as deletePayer } from '@switchyard/db/transport/billing/payers';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { presentPayer } from '../presenters.ts';
import { householdAnswer } from '../household-answer.ts';
import { householdDetailOutput } from '../output-schemas.ts';

/** Removes a payer with their allocations; their share falls back to the primary payer. */
export const removePayer = tenantProcedure
  .meta({
    rest: {
      method: 'DELETE',
      path: '/api/billing/households/{household_id}/payers/{payer_id}',
      status: 200,
      access: 'tenant',
      tags: ['billing'],
      summary: 'Remove a payer and their allocations (not the primary payer, not one with invoices that are not void)',
      errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
    },
  })
  .input(payerRefInput)
  .output(householdDetailOutput)
  .mutation(async ({ ctx, input }) => {
    const removed = await deletePayer(ctx.em, { tenantId: ctx.tenantId, householdId: input.household_id, payerId: input.payer_id });
    await auditStaffWrite(ctx, {
      action: 'payer.remove',
      resource: `payer:${input.payer_id}`,
      householdId: input.household_id,
      details: { removed: presentPayer(removed) },
    });

    return householdAnswer(ctx, ctx.tenantId, input.household_id);
  });
