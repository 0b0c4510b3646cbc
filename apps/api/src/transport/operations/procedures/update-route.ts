import { DomainError } from '@switchyard/domain/errors';
import { assertRunsOfMode, runOfStops, runsOfRequest, type Run } from '@switchyard/domain/transport/operations/runs';
import { updateRouteInput } from '@switchyard/domain/transport/operations/schemas';
import { listRuns, updateRoute as patchRoute } from '@switchyard/db/transport/operations/routes';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { loadRouteDetail } from '../load-route.ts';
import { stopValues } from '@switchyard/db/transport/operations/route-defaults';
import { routeDetailOutput } from '../output-schemas.ts';
import { checkRiders } from '../../live/check-riders.ts';
import { auditRiderOverride } from '../rider-override-audit.ts';

export const updateRoute = tenantProcedure
  .meta({
    rest: {
      method: 'PUT',
      path: '/api/routes/{route_id}',
      status: 200,
      input: 'json',
      access: 'tenant',
      tags: ['routes'],
      summary:
        "Change a route; `stops` replaces every stop (and, without `runs`, makes the stops' times and riders the route's one run); `runs.morning` / `runs.afternoon` replace that run's timetable, null removes it, a run left out is kept (unless `stops` is sent). Riders that do not fit their run (direction or school) are a 409 naming each conflict unless `override.reason` confirms them (audited as `route.riders_override`)",
      errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error', 'conflict'],
    },
  })
  .output(routeDetailOutput)
  .input(updateRouteInput)
  .mutation(async ({ ctx, input }) => {
    const { route_id: routeId, stops, runs: runsAsked, override, ...fields } = input;
    const em = ctx.em;
    const before = await loadRouteDetail(em, ctx.tenantId, routeId);
    const storedRuns = await listRuns(em, ctx.tenantId, routeId);
    const mode = fields.mode ?? before.mode;
    let runs: Run[] | undefined;
    if (runsAsked !== undefined) {
      runs = runsOfRequest({ mode, stopCount: stops?.length ?? before.stop_count, runs: runsAsked, stored: stops ? [] : storedRuns });
    } else if (stops !== undefined) {
      runs = runOfStops(mode, stops.map(stopValues));
    } else if (mode !== before.mode) {
      // The runs stay; a mode they do not fit is the route's state, not the request's shape.
      assertRunsOfMode(mode, storedRuns, 'conflict');
    }
    const overridden =
      runs === undefined
        ? []
        : await checkRiders(
            em,
            ctx.tenantId,
            { runs, stops: stops?.map(stopValues) ?? before.stops },
            routeId,
            { overridden: override !== undefined },
            { runs: storedRuns, stops: before.stops },
          );
    const found = await patchRoute(
      em,
      ctx.tenantId,
      routeId,
      { ...fields, ...(stops ? { stops: stops.map(stopValues) } : {}), ...(runs ? { runs } : {}) },
      ctx.now(),
    );
    if (!found) {
      throw new DomainError('not_found', 'Route not found');
    }
    const changed = Object.keys(fields).filter((field) => fields[field as keyof typeof fields] !== undefined) as (keyof typeof fields &
      keyof typeof before)[];
    await auditStaffWrite(ctx, {
      action: 'route.update',
      resource: `route:${routeId}`,
      details: {
        from: {
          ...Object.fromEntries(changed.map((field) => [field, before[field]])),
          ...(stops ? { stops: before.stops } : {}),
          ...(runs ? { runs: before.runs } : {}),
        },
        to: {
          ...Object.fromEntries(changed.map((field) => [field, fields[field]])),
          ...(stops ? { stops } : {}),
          ...(runs ? { runs: runsAsked ?? 'from the stops' } : {}),
        },
      },
    });
    await auditRiderOverride(ctx, routeId, override, overridden);

    return loadRouteDetail(em, ctx.tenantId, routeId);
  });
