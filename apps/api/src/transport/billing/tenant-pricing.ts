import { DomainError } from '@switchyard/domain/errors';
import type { TenantPricing } from '@switchyard/domain/transport/billing/rates';
import { readTenantPricing, type TenantPricingRow } from '@switchyard/db/transport/tenants';
import type { TransportContext } from '../context.ts';

export const pricingOfRow = (row: TenantPricingRow): TenantPricing => ({
  weeklyRateCents: { one_way: row.one_way_rate_cents, two_way: row.two_way_rate_cents },
  registrationFeeCents: row.registration_fee_cents,
  currency: row.currency,
});

/** The tenant's prices, or 404 when the tenant does not exist. */
export const tenantPricing = async (ctx: Pick<TransportContext, 'em'>, tenantId: string): Promise<TenantPricing> => {
  const row = await readTenantPricing(ctx.em, tenantId);
  if (!row) {
    throw new DomainError('not_found', 'Tenant not found');
  }

  return pricingOfRow(row);
};
