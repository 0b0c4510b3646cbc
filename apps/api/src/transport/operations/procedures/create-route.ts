import { createRouteInput } from '@switchyard/domain/transport/operations/schemas';
import { createRoute as insertRoute } from '@switchyard/db/transport/operations/routes';
import { tenantProcedure } from '../../trpc.ts';
import { loadRouteDetail } from '../load-route.ts';
import { toStopValues } from '../route-values.ts';

export const createRoute = tenantProcedure.input(createRouteInput).mutation(async ({ ctx, input }) => {
  const em = ctx.db.fork();
  const id = await insertRoute(
    em,
    ctx.tenantId,
    {
      name: input.name,
      bus_id: input.bus_id ?? null,
      driver: input.driver ?? null,
      mode: input.mode ?? 'both',
      status: input.status ?? 'active',
      miles: input.miles ?? null,
      stops: (input.stops ?? []).map(toStopValues),
    },
    ctx.now(),
  );

  return loadRouteDetail(em, ctx.tenantId, id);
});
