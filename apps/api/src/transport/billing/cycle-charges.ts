import { isBillableRegistration } from '@switchyard/domain/transport/billing/billable';
import { householdShares } from '@switchyard/domain/transport/billing/household-billing';
import type { HouseholdAggregate } from '@switchyard/db/transport/billing/households';
import type { CycleCharge } from '@switchyard/db/transport/billing/invoices';
import { billedHousehold } from './presenters.ts';

/** What a billing run charges: each billable household's payers their share of the week, a zero share not at all. */
export const cycleChargesOf = (households: HouseholdAggregate[]): CycleCharge[] =>
  households
    .filter((aggregate) => isBillableRegistration(aggregate.household.registration_status))
    .flatMap((aggregate) =>
      householdShares(billedHousehold(aggregate))
        .filter((share) => share.amountCents !== 0)
        .map((share) => ({ householdId: aggregate.household.id, payerId: share.payerId, amountCents: share.amountCents })),
    );
