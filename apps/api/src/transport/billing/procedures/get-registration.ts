import { z } from 'zod';
import { DomainError } from '@switchyard/domain/errors';
import { registrationRefInput } from '@switchyard/domain/transport/billing/schemas';
import { loadHouseholds, presentHouseholdDetail } from '@switchyard/db/transport/billing/households';
import { listHouseholdInvoices } from '@switchyard/db/transport/billing/payer-households';
import { readRegistrationReview } from '@switchyard/db/transport/billing/registrations';
import { tenantProcedure } from '../../trpc.ts';

const registrationReviewOutput = z.object({
  registration: z.object({
    id: z.string(),
    household_id: z.string(),
    status: z.string(),
    parent_name: z.string(),
    parent_email: z.string(),
    parent_phone: z.string().nullable(),
    decision_reason: z.string().nullable(),
    decided_by: z.string().nullable(),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
  }),
  /** Every fact of the household: address, first pickup, policies, emergency contacts, payers (the second parent among them), children with their morning/afternoon need, splits. */
  household: z.record(z.string(), z.unknown()),
  invoices: z.array(z.record(z.string(), z.unknown())),
});

/** What a reviewer reads before deciding: the registration, every household fact and its invoices. */
export const getRegistration = tenantProcedure
  .meta({ rest: { method: 'GET', path: '/api/registrations/{reg_id}', status: 200, access: 'tenant', tags: ['registrations'], summary: 'One registration with every household fact and its invoices', errors: ['unauthorized', 'forbidden', 'not_found'] } })
  .input(registrationRefInput)
  .output(registrationReviewOutput)
  .query(async ({ ctx, input }) => {
    const em = ctx.db.fork();
    const registration = await readRegistrationReview(em, ctx.tenantId, input.reg_id);
    const [aggregate] = registration ? await loadHouseholds(em, ctx.tenantId, { householdIds: [registration.household_id] }) : [];
    if (!registration || !aggregate) {
      throw new DomainError('not_found', 'Registration not found');
    }

    return { registration, household: presentHouseholdDetail(aggregate), invoices: await listHouseholdInvoices(em, ctx.tenantId, [registration.household_id]) };
  });
