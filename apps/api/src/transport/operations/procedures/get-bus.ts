import { DomainError } from '@switchyard/domain/errors';
import { busRefInput } from '@switchyard/domain/transport/operations/schemas';
import { findBus } from '@switchyard/db/transport/operations/buses';
import { tenantProcedure } from '../../trpc.ts';
import { presentBus } from '../presenters.ts';
import { busOutput } from '../output-schemas.ts';

export const getBus = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/buses/{bus_id}',
      status: 200,
      access: 'tenant',
      tags: ['buses'],
      summary: 'One bus',
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .output(busOutput)
  .input(busRefInput)
  .query(async ({ ctx, input }) => {
    const bus = await findBus(ctx.em, ctx.tenantId, input.bus_id);
    if (!bus) {
      throw new DomainError('not_found', 'Bus not found');
    }

    return presentBus(bus);
  });
