import { DomainError } from '@switchyard/domain/errors';
import { registrationRefInput } from '@switchyard/domain/transport/billing/schemas';
import { loadHouseholds } from '@switchyard/db/transport/billing/households';
import { listHouseholdInvoices } from '@switchyard/db/transport/billing/payer-households';
import { readRegistrationReview } from '@switchyard/db/transport/billing/registrations';
import { tenantProcedure } from '../../trpc.ts';
import { registrationReviewOutput } from '../output-schemas.ts';
import { presentHouseholdDetail, presentOwedInvoice, presentRegistrationReview } from '../presenters.ts';

/** What a reviewer reads before deciding: the registration, every household fact and its invoices. */
export const getRegistration = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/registrations/{reg_id}',
      status: 200,
      access: 'tenant',
      tags: ['registrations'],
      summary: 'One registration with every household fact and its invoices',
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .input(registrationRefInput)
  .output(registrationReviewOutput)
  .query(async ({ ctx, input }) => {
    const em = ctx.em;
    const registration = await readRegistrationReview(em, ctx.tenantId, input.reg_id);
    const [aggregate] = registration ? await loadHouseholds(em, ctx.tenantId, { householdIds: [registration.household_id] }) : [];
    if (!registration || !aggregate) {
      throw new DomainError('not_found', 'Registration not found');
    }

    return {
      registration: presentRegistrationReview(registration),
      household: presentHouseholdDetail(aggregate),
      invoices: (await listHouseholdInvoices(em, ctx.tenantId, [registration.household_id])).map(presentOwedInvoice),
    };
  });
