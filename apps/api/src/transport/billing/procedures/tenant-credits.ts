import { tenantCredits as readTenantCredits } from '@switchyard/db/transport/billing/household-credit';
import { tenantProcedure } from '../../trpc.ts';
import { tenantCreditsOutput } from '../credit-outputs.ts';

/** The billing dashboard's credits line: households holding credit, and the total. */
export const tenantCredits = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/billing/credits',
      status: 200,
      access: 'tenant',
      tags: ['billing'],
      summary: 'Households holding credit, largest first, with the total',
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(tenantCreditsOutput)
  .query(async ({ ctx }) => {
    const rows = await readTenantCredits(ctx.em, ctx.tenantId);

    return {
      total_credit: rows.reduce((sum, row) => sum + row.credit_cents, 0) / 100,
      households: rows.map((row) => ({
        household_id: row.household_id,
        household_name: row.household_name,
        credit: row.credit_cents / 100,
      })),
    };
  });
