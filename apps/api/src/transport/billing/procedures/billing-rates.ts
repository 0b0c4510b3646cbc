import { BILLING_CYCLE, centsToAmount } from '@switchyard/domain/transport/billing/rates';
import { ratesInput } from '@switchyard/domain/transport/billing/schemas';
import { resolvePublicTenant } from '@switchyard/domain/transport/tenant-resolution';
import { publicProcedure } from '../../trpc.ts';
import { ratesOutput } from '../output-schemas.ts';
import { tenantPricing } from '../tenant-pricing.ts';

/**
 * The tenant's weekly rates and registration fee, in the specification's shape plus the currency
 * they are in. The tenant is the public one: `?tenant=`, the X-Tenant-Id header, the host's
 * subdomain or `/{tenant}/api/...`, else `demo`; an unknown tenant is 404.
 */
export const billingRates = publicProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/billing/rates',
      status: 200,
      input: 'query',
      access: 'public',
      tags: ['billing'],
      summary:
        "A tenant's weekly rates and registration fee (its own settings; a new tenant starts at 120.00 one-way, 175.00 two-way, 50.00 fee, USD)",
      errors: ['not_found'],
    },
  })
  .input(ratesInput)
  .output(ratesOutput)
  .query(async ({ ctx, input }) => {
    // tRPC callers pass the tenant in the input; REST callers' query string is already in the hints.
    const tenantId = resolvePublicTenant({ ...ctx.tenantHints, queryTenant: input?.tenant ?? ctx.tenantHints.queryTenant });
    const pricing = await tenantPricing(ctx, tenantId);

    return {
      one_way: centsToAmount(pricing.weeklyRateCents.one_way),
      two_way: centsToAmount(pricing.weeklyRateCents.two_way),
      cycle: BILLING_CYCLE,
      registration_fee: centsToAmount(pricing.registrationFeeCents),
      currency: pricing.currency,
    };
  });
