import { DomainError } from '@switchyard/domain/errors';
import { loadHouseholds } from '@switchyard/db/transport/billing/households';
import type { TransportContext } from '../context.ts';
import { presentHouseholdDetail } from './presenters.ts';

/** A household as GET /api/billing/households/{id} answers it: payers, allocations and the splits they make. */
export const householdAnswer = async (ctx: Pick<TransportContext, 'em'>, tenantId: string, householdId: string) => {
  const [aggregate] = await loadHouseholds(ctx.em, tenantId, { householdIds: [householdId] });
  if (!aggregate) {
    throw new DomainError('not_found', 'Household not found');
  }

  return presentHouseholdDetail(aggregate);
};
