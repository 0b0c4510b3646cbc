import { allocationsForPayerSplit, payerSplitInput } from '@switchyard/domain/transport/billing/payer-split';
import { replacePayerAllocations } from '@switchyard/db/transport/billing/payers';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { householdAnswer } from '../household-answer.ts';
import { householdDetailOutput } from '../output-schemas.ts';
import { presentAllocation } from '../presenters.ts';

/**
 * A second payer's share of the whole household: a percentage of the weekly total or a fixed amount
 * a week, the rest on the primary payer. It replaces that payer's allocations (payer-split.ts) and
 * applies from the next generation; the family sees each payer's weekly share.
 */
export const setPayerSplit = tenantProcedure
  .meta({
    rest: {
      method: 'PUT',
      path: '/api/billing/households/{household_id}/payers/{payer_id}/split',
      status: 200,
      input: 'json',
      access: 'tenant',
      tags: ['billing'],
      summary:
        "Set a non-primary payer's share of the household: {split_type: 'percentage' (0-100 of the weekly total) | 'fixed' (an amount a week), value}; the primary payer takes the rest, from the next invoices generated",
      errors: ['unauthorized', 'forbidden', 'not_found', 'conflict', 'validation_error'],
    },
  })
  .input(payerSplitInput)
  .output(householdDetailOutput)
  .mutation(async ({ ctx, input }) => {
    const split = { splitType: input.split_type, value: input.value };
    const { before, after } = await replacePayerAllocations(
      ctx.em,
      { tenantId: ctx.tenantId, householdId: input.household_id, payerId: input.payer_id, now: ctx.now() },
      (riding) => allocationsForPayerSplit(riding, split),
    );
    await auditStaffWrite(ctx, {
      action: 'payer.split',
      resource: `payer:${input.payer_id}`,
      householdId: input.household_id,
      details: {
        split: { split_type: input.split_type, value: input.value },
        from: before.map(presentAllocation),
        to: after.map(presentAllocation),
      },
    });

    return householdAnswer(ctx, ctx.tenantId, input.household_id);
  });
