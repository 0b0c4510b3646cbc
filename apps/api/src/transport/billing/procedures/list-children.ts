import { listActiveChildren } from '@switchyard/db/transport/billing/children';
import { tenantProcedure } from '../../trpc.ts';
import { childrenOutput } from '../output-schemas.ts';
import { presentChild } from '../presenters.ts';

export const listChildren = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/children',
      status: 200,
      access: 'tenant',
      tags: ['children'],
      summary: "The tenant's active children",
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(childrenOutput)
  .query(async ({ ctx }) => (await listActiveChildren(ctx.em, ctx.tenantId)).map(presentChild));
