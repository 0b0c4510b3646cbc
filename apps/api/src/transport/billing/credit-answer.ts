import { DomainError } from '@switchyard/domain/errors';
import { householdCreditCents, listCreditEntries } from '@switchyard/db/transport/billing/household-credit';
import { loadHouseholds } from '@switchyard/db/transport/billing/households';
import type { z } from 'zod';
import type { TransportContext } from '../context.ts';
import type { householdCreditOutput } from './credit-outputs.ts';
import { isoTimestamp } from './presenters.ts';

/** A household's credit and its ledger, or 404 when the household is not the tenant's. */
export const householdCreditAnswer = async (
  ctx: Pick<TransportContext, 'em'> & { tenantId: string },
  householdId: string,
): Promise<z.infer<typeof householdCreditOutput>> => {
  const em = ctx.em;
  const [aggregate] = await loadHouseholds(em, ctx.tenantId, { householdIds: [householdId] });
  if (!aggregate) {
    throw new DomainError('not_found', 'Household not found');
  }
  const entries = await listCreditEntries(em, ctx.tenantId, householdId);

  return {
    household_id: householdId,
    credit: (await householdCreditCents(em, ctx.tenantId, householdId)) / 100,
    entries: entries.map((entry) => ({
      id: entry.id,
      amount: entry.amount_cents / 100,
      kind: entry.kind,
      invoice_id: entry.invoice_id,
      payment_id: entry.payment_id,
      note: entry.note,
      occurred_at: isoTimestamp(entry.occurred_at),
      recorded_by: entry.recorded_by,
    })),
  };
};
