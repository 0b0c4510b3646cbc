import { loadHouseholds } from '@switchyard/db/transport/billing/households';
import { tenantProcedure } from '../../trpc.ts';
import { householdsOutput } from '../output-schemas.ts';
import { presentHouseholdSummary } from '../presenters.ts';

export const listHouseholds = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/billing/households',
      status: 200,
      access: 'tenant',
      tags: ['billing'],
      summary: 'Households with children and weekly totals',
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(householdsOutput)
  .query(async ({ ctx }) => (await loadHouseholds(ctx.em, ctx.tenantId)).map(presentHouseholdSummary));
