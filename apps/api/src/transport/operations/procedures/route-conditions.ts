import { DomainError } from '@switchyard/domain/errors';
import { routeBbox, servesSchool, summarizeIncidents } from '@switchyard/domain/transport/operations/route-conditions';
import { routeRefInput } from '@switchyard/domain/transport/operations/schemas';
import { findRoute, listStops } from '@switchyard/db/transport/operations/routes';
import { listSchools } from '@switchyard/db/transport/operations/schools';
import { tenantProcedure } from '../../trpc.ts';
import { presentPublicSchool } from '../presenters.ts';
import { fetchIncidents } from '../traffic-provider.ts';
import { routeConditionsOutput } from '../output-schemas.ts';
import { rememberTrafficSummary } from '../../live/traffic-summary.ts';

/** Traffic incidents around a route's stops; a provider problem is a summary, never an error. */
export const routeConditions = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/routes/{route_id}/conditions',
      status: 200,
      access: 'tenant',
      tags: ['routes'],
      summary: "Traffic incidents around the route's stops (TomTom); `unavailable` when the provider fails",
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .output(routeConditionsOutput)
  .input(routeRefInput)
  .query(async ({ ctx, input }) => {
    const em = ctx.em;
    const route = await findRoute(em, ctx.tenantId, input.route_id);
    if (!route) {
      throw new DomainError('not_found', 'Route not found');
    }
    const [stops, schools] = await Promise.all([listStops(em, ctx.tenantId, route.id), listSchools(em, ctx.tenantId)]);
    const bbox = routeBbox(stops);
    const base = {
      route_id: route.id,
      route_name: route.name,
      schools: schools.filter((school) => servesSchool(stops, school)).map(presentPublicSchool),
      // Always a string, as documented: empty when no stop has coordinates to box.
      bbox: bbox ?? '',
    };
    if (bbox === null) {
      return { ...base, summary: 'unavailable' as const, incident_count: 0, incidents: [], detail: 'The route has no stop coordinates' };
    }
    const outcome = await fetchIncidents(ctx.env, bbox);
    if (!outcome.ok) {
      ctx.logger.warn({ route_id: route.id, reason: outcome.reason }, 'traffic provider unavailable');

      return { ...base, summary: 'unavailable' as const, incident_count: 0, incidents: [], detail: outcome.reason };
    }

    const summary = summarizeIncidents(outcome.incidents);
    // Arrival estimates slow down by it for a while, without asking the provider themselves.
    await rememberTrafficSummary(em, ctx.tenantId, route.id, summary, ctx.now());

    return { ...base, summary, incident_count: outcome.incidents.length, incidents: outcome.incidents, detail: null };
  });
