import { DomainError } from '@switchyard/domain/errors';
import { loadHouseholds } from '@switchyard/db/transport/billing/households';
import { householdIdsSubmittedBy, listHouseholdInvoices } from '@switchyard/db/transport/billing/payer-households';
import { creditsOfHouseholds } from '@switchyard/db/transport/billing/household-credit';
import { presentHouseholdDetail, presentOwedInvoice } from '../presenters.ts';
import { signedInProcedure } from '../../trpc.ts';

/**
 * The web app's family page: the households of the signed-in user's tenant whose registration this
 * account submitted, with children, payers, the split, and every invoice with its payment link and
 * what is still owed. Matching on the payer email instead would show a family's household to
 * whoever signs up first with that address. A user without a role is refused, as everywhere else.
 */
export const myHouseholds = signedInProcedure.query(async ({ ctx }) => {
  if (ctx.user.role === null) {
    throw new DomainError('forbidden', 'Forbidden');
  }
  const em = ctx.em;
  const ids = await householdIdsSubmittedBy(em, ctx.tenantId, ctx.user.id);
  const [households, invoices] = [
    await loadHouseholds(em, ctx.tenantId, { householdIds: ids }),
    (await listHouseholdInvoices(em, ctx.tenantId, ids)).map(presentOwedInvoice),
  ];
  const credits = await creditsOfHouseholds(em, ctx.tenantId, ids);

  return households.map((aggregate) => {
    const own = invoices.filter((invoice) => invoice.household_id === aggregate.household.id);

    return {
      ...presentHouseholdDetail(aggregate),
      invoices: own,
      total_outstanding: own.reduce((sum, invoice) => sum + Math.round(invoice.outstanding * 100), 0) / 100,
      /** Credit kept for the household (an overpayment), applied to its next invoice. */
      credit: Math.max(credits.get(aggregate.household.id) ?? 0, 0) / 100,
    };
  });
});
