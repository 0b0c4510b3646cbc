import { updatePayerInput } from '@switchyard/domain/transport/billing/schemas';
import { updatePayer as patchPayer } from '@switchyard/db/transport/billing/payers';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { householdAnswer } from '../household-answer.ts';
import { householdDetailOutput } from '../output-schemas.ts';

/** Corrects a payer's contact details; answers the household with its splits. */
export const updatePayer = tenantProcedure
  .meta({
    rest: {
      method: 'PATCH',
      path: '/api/billing/households/{household_id}/payers/{payer_id}',
      status: 200,
      input: 'json',
      access: 'tenant',
      tags: ['billing'],
      summary: "Change a payer's name, email, phone or relationship",
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .input(updatePayerInput)
  .output(householdDetailOutput)
  .mutation(async ({ ctx, input }) => {
    const { household_id: householdId, payer_id: payerId, ...patch } = input;
    const changed = await patchPayer(ctx.em, { tenantId: ctx.tenantId, householdId, payerId, patch });
    await auditStaffWrite(ctx, {
      action: 'payer.update',
      resource: `payer:${payerId}`,
      householdId,
      details: { from: changed.before, to: changed.after },
    });

    return householdAnswer(ctx, ctx.tenantId, householdId);
  });
