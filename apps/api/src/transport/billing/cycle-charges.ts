import type { BillingCycle } from '@switchyard/domain/transport/billing/billing-cycle';
import { isBillableRegistration } from '@switchyard/domain/transport/billing/billable';
import { householdSharesForDays } from '@switchyard/domain/transport/billing/household-billing';
import { billedSchoolDays, serviceInCycle } from '@switchyard/domain/transport/billing/service-week';
import type { HouseholdAggregate } from '@switchyard/db/transport/billing/households';
import type { CycleCharge } from '@switchyard/db/transport/billing/invoices';
import { billedHousehold } from './presenters.ts';

/**
 * What a billing run of `cycle` charges: each billable household in service that week its payers'
 * shares (a week before the first pickup bills nothing, the week of a first pickup after Monday
 * its school days pro rata), a zero share not at all.
 */
export const cycleChargesOf =
  (cycle: BillingCycle) =>
  (households: HouseholdAggregate[]): CycleCharge[] =>
    households
      .filter((aggregate) => isBillableRegistration(aggregate.household.registration_status))
      .flatMap((aggregate) => {
        const service = serviceInCycle(aggregate.household.first_pickup_date, cycle);
        if (service.kind === 'none') {
          return [];
        }

        return householdSharesForDays(billedHousehold(aggregate), billedSchoolDays(service))
          .filter((share) => share.amountCents !== 0)
          .map((share) => ({
            householdId: aggregate.household.id,
            payerId: share.payerId,
            amountCents: share.amountCents,
            schoolDays: service.kind === 'partial' ? service.schoolDays : null,
          }));
      });
