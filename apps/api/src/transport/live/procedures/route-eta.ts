import { DomainError } from '@switchyard/domain/errors';
import { routeRefInput } from '@switchyard/domain/transport/operations/schemas';
import { liveRoute } from '@switchyard/db/transport/live/trip-progress';
import { tenantProcedure } from '../../trpc.ts';
import { routeEtaOutput } from '../output-schemas.ts';
import { presentRouteEta } from '../presenters.ts';
import { viewTrip } from '../trip-view.ts';

export const routeEta = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/routes/{route_id}/eta',
      status: 200,
      access: 'tenant',
      tags: ['routes'],
      summary:
        "Today's trip of the route: each stop's expected time from the bus's position (the schedule without a fresh one), state and minutes late",
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .output(routeEtaOutput)
  .input(routeRefInput)
  .query(async ({ ctx, input }) => {
    const em = ctx.em;
    const route = await liveRoute(em, ctx.tenantId, input.route_id);
    if (!route) {
      throw new DomainError('not_found', 'Route not found');
    }

    return presentRouteEta(
      route.id,
      route.bus_id,
      await viewTrip(em, { id: ctx.tenantId, timeZone: ctx.tenantTimeZone }, route, ctx.now()),
    );
  });
