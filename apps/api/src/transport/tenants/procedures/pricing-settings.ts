import { DomainError } from '@switchyard/domain/errors';
import { centsToAmount } from '@switchyard/domain/transport/billing/rates';
import { pricingCents, pricingChanges, pricingSettingsInput } from '@switchyard/domain/transport/tenants/pricing';
import { readTenantPricing, writeTenantPricing, type TenantPricingRow } from '@switchyard/db/transport/tenants';
import type { z } from 'zod';
import { tenantProcedure } from '../../trpc.ts';
import { pricingSettingsOutput } from '../output-schemas.ts';
import { auditStaffWrite } from '../staff-audit.ts';

/** The answer of both pricing paths, typed by their output schema so the two cannot drift apart. */
const present = (tenantId: string, row: TenantPricingRow): z.output<typeof pricingSettingsOutput> => ({
  tenant_id: tenantId,
  one_way: centsToAmount(row.one_way_rate_cents),
  two_way: centsToAmount(row.two_way_rate_cents),
  registration_fee: centsToAmount(row.registration_fee_cents),
  currency: row.currency,
});

export const getPricingSettings = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/tenant/settings/pricing',
      status: 200,
      access: 'tenant',
      tags: ['tenants'],
      summary: "The operator's weekly rates, registration fee and currency",
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .output(pricingSettingsOutput)
  .query(async ({ ctx }) => {
    const row = await readTenantPricing(ctx.em, ctx.tenantId);
    if (!row) {
      throw new DomainError('not_found', 'Tenant not found');
    }

    return present(ctx.tenantId, row);
  });

/**
 * The operator's prices. They apply from the next invoices generated and the next registrations:
 * the tenant's children are repriced to the new weekly rates at once, while invoices already made
 * keep their amounts and currency. The audit row names each changed field, old and new.
 */
export const updatePricingSettings = tenantProcedure
  .meta({
    rest: {
      method: 'PUT',
      path: '/api/tenant/settings/pricing',
      status: 200,
      input: 'json',
      access: 'tenant',
      tags: ['tenants'],
      summary:
        'Set the weekly rates, registration fee (0 to 1,000,000, at most two decimals) and ISO 4217 currency; they apply to invoices and registrations made afterwards, issued invoices keep their amounts',
      errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
    },
  })
  .input(pricingSettingsInput)
  .output(pricingSettingsOutput)
  .mutation(async ({ ctx, input }) => {
    const cents = pricingCents(input);
    const next: TenantPricingRow = {
      one_way_rate_cents: cents.oneWayCents,
      two_way_rate_cents: cents.twoWayCents,
      registration_fee_cents: cents.registrationFeeCents,
      currency: cents.currency,
    };
    const before = await writeTenantPricing(ctx.em, ctx.tenantId, next);
    if (!before) {
      throw new DomainError('not_found', 'Tenant not found');
    }
    const previous = present(ctx.tenantId, before);
    const changes = pricingChanges(previous, input);
    if (Object.keys(changes).length > 0) {
      await auditStaffWrite(ctx, { action: 'tenant.settings.update', resource: `tenant:${ctx.tenantId}`, details: changes });
    }

    return present(ctx.tenantId, next);
  });
