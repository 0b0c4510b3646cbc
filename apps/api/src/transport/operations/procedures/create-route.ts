import { createRouteInput } from '@switchyard/domain/transport/operations/schemas';
import { runOfStops, runsOfRequest } from '@switchyard/domain/transport/operations/runs';
import { newRouteValues } from '@switchyard/db/transport/operations/route-defaults';
import { createRoute as insertRoute } from '@switchyard/db/transport/operations/routes';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { loadRouteDetail } from '../load-route.ts';
import { routeDetailOutput } from '../output-schemas.ts';
import { checkRiders } from '../../live/check-riders.ts';
import { auditRiderOverride } from '../rider-override-audit.ts';

export const createRoute = tenantProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/routes',
      status: 200,
      input: 'json',
      access: 'tenant',
      tags: ['routes'],
      summary:
        "Create a route with ordered stops; its id is a slug of its name. `runs` gives the morning and afternoon timetables over the stops (each stop's time and riders per run); without it the stops' times and riders are the one run they fall in. A rider on a run whose direction the child does not ride (its `transport_need`), or on a route that does not serve the child's school, is a 409 naming each conflict unless `override.reason` confirms it (audited; the route then answers the conflicts in `rider_warnings`)",
      errors: ['unauthorized', 'forbidden', 'validation_error', 'conflict'],
    },
  })
  .output(routeDetailOutput)
  .input(createRouteInput)
  .mutation(async ({ ctx, input }) => {
    const em = ctx.em;
    const values = newRouteValues(input);
    const runs = input.runs
      ? runsOfRequest({ mode: values.mode, stopCount: values.stops.length, runs: input.runs, stored: [] })
      : runOfStops(values.mode, values.stops);
    const overridden = await checkRiders(em, ctx.tenantId, { runs, stops: values.stops }, null, {
      overridden: input.override !== undefined,
    });
    const id = await insertRoute(em, ctx.tenantId, { ...values, runs }, ctx.now());
    await auditStaffWrite(ctx, { action: 'route.create', resource: `route:${id}`, details: { to: input } });
    await auditRiderOverride(ctx, id, input.override, overridden);

    return loadRouteDetail(em, ctx.tenantId, id);
  });
