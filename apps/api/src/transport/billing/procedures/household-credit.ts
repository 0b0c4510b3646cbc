import { householdRefInput } from '@switchyard/domain/transport/billing/schemas';
import { tenantProcedure } from '../../trpc.ts';
import { householdCreditAnswer } from '../credit-answer.ts';
import { householdCreditOutput } from '../credit-outputs.ts';

/** A household's credit (overpayments kept for it) and every movement of it. */
export const householdCredit = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/billing/households/{household_id}/credit',
      status: 200,
      access: 'tenant',
      tags: ['billing'],
      summary: "A household's credit and its ledger: overpayments, credit applied to invoices, refunds",
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .input(householdRefInput)
  .output(householdCreditOutput)
  .query(({ ctx, input }) => householdCreditAnswer(ctx, input.household_id));
