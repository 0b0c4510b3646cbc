import { DomainError } from '@switchyard/domain/errors';
import { householdRefInput } from '@switchyard/domain/transport/billing/schemas';
import { loadHouseholds } from '@switchyard/db/transport/billing/households';
import { tenantProcedure } from '../../trpc.ts';
import { householdDetailOutput } from '../output-schemas.ts';
import { presentHouseholdDetail } from '../presenters.ts';

export const getHousehold = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/billing/households/{household_id}',
      status: 200,
      access: 'tenant',
      tags: ['billing'],
      summary: 'One household with payers, allocations and payer splits',
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .output(householdDetailOutput)
  .input(householdRefInput)
  .query(async ({ ctx, input }) => {
    const [aggregate] = await loadHouseholds(ctx.em, ctx.tenantId, { householdIds: [input.household_id] });
    if (!aggregate) {
      throw new DomainError('not_found', 'Household not found');
    }

    return presentHouseholdDetail(aggregate);
  });
