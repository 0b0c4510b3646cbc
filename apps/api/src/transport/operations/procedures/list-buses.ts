import { listBuses as listBusRows } from '@switchyard/db/transport/operations/buses';
import { tenantProcedure } from '../../trpc.ts';
import { presentBus } from '../presenters.ts';
import { busesOutput } from '../output-schemas.ts';

export const listBuses = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/buses',
      status: 200,
      access: 'tenant',
      tags: ['buses'],
      summary: 'Buses of the tenant with their last reported position',
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(busesOutput)
  .query(async ({ ctx }) => (await listBusRows(ctx.em, ctx.tenantId)).map(presentBus));
