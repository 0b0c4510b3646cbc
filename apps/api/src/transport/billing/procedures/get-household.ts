import { DomainError } from '@switchyard/domain/errors';
import { householdRefInput } from '@switchyard/domain/transport/billing/schemas';
import { loadHouseholds, presentHouseholdDetail } from '@switchyard/db/transport/billing/households';
import { tenantProcedure } from '../../trpc.ts';

export const getHousehold = tenantProcedure.input(householdRefInput).query(async ({ ctx, input }) => {
  const [aggregate] = await loadHouseholds(ctx.db.fork(), ctx.tenantId, { householdIds: [input.household_id] });
  if (!aggregate) {
    throw new DomainError('not_found', 'Household not found');
  }

  return presentHouseholdDetail(aggregate);
});
