import { DomainError } from '@switchyard/domain/errors';
import { centsToAmount } from '@switchyard/domain/transport/billing/rates';
import { fullRegistrationInput } from '@switchyard/domain/transport/billing/schemas';
import { PUBLIC_WRITE_LIMITS } from '@switchyard/domain/transport/public-write-limits';
import { resolveSignupTenant } from '@switchyard/domain/transport/tenant-resolution';
import { findTenant } from '@switchyard/db/transport/tenants';
import { createFullRegistration } from '@switchyard/db/transport/billing/registrations';
import { invoiceProvider } from '../payment-links.ts';
import { limitedPerAddress } from '../../rate-limits.ts';
import { optionalUser, publicProcedure } from '../../trpc.ts';
import { fullRegistrationOutput } from '../output-schemas.ts';

/**
 * The public signup form. Nothing is mailed now: the fee email goes out when staff approve.
 * Sent signed in (the web app does), the household is recorded as that account's, which is what
 * lets the family see it; anyone may still register without an account.
 */
export const submitFullRegistration = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/registrations/full',
      status: 201,
      input: 'json',
      access: 'public',
      tags: ['registrations'],
      summary: 'Register a household with its children (public signup)',
      errors: ['not_found'],
    },
  })
  .output(fullRegistrationOutput)
  .use(limitedPerAddress(PUBLIC_WRITE_LIMITS.registrationPerAddress))
  .input(fullRegistrationInput)
  .mutation(async ({ ctx, input }) => {
    const tenantId = resolveSignupTenant(input.tenant, ctx.tenantHints);
    if (!(await findTenant(ctx.em, tenantId))) {
      throw new DomainError('not_found', 'Tenant not found');
    }
    const submitter = await optionalUser(ctx);
    // Only an account of this tenant owns what it submits; a token of another tenant is ignored.
    const ownerId = submitter !== null && submitter.tenant_id === tenantId ? submitter.id : null;
    const created = await createFullRegistration(ctx.em, tenantId, input, ctx.now(), ownerId, invoiceProvider(ctx.env));

    return {
      household_id: created.householdId,
      registration_id: created.householdId,
      tenant_id: tenantId,
      status: 'pending',
      children_count: created.childrenCount,
      weekly_total: centsToAmount(created.weeklyTotalCents),
      registration_fee: centsToAmount(created.registrationFeeCents),
      registration_fee_invoice_id: created.invoiceId,
      email_sent: false,
      first_pickup_date: input.first_pickup_date ?? null,
      policy_acknowledged: new Set(input.policy_acknowledged).size,
      parent2_added: created.parent2Added,
    };
  });
