import { creditsOfHouseholds } from '@switchyard/db/transport/billing/household-credit';
import { readOutstanding } from '@switchyard/db/transport/billing/invoices';
import { tenantProcedure } from '../../trpc.ts';
import { outstandingOutput } from '../output-schemas.ts';
import { presentOutstanding } from '../presenters.ts';

export const listOutstanding = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/billing/outstanding',
      status: 200,
      access: 'tenant',
      tags: ['billing'],
      summary: 'Outstanding amounts per household and payer, with each household credit and what is owed net of it',
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(outstandingOutput)
  .query(async ({ ctx }) => {
    const em = ctx.em;
    const rows = await readOutstanding(em, ctx.tenantId);

    return presentOutstanding(rows, await creditsOfHouseholds(em, ctx.tenantId, [...new Set(rows.map((row) => row.household_id))]));
  });
