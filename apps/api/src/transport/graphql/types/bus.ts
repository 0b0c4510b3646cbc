import { ACTIVE_BUS_WINDOW_MINUTES } from '@switchyard/db/transport/billing/dashboard-stats';
import { cost } from '../builder.ts';
import { TRANSPORT_GRAPHQL_LIMITS } from '../limits.ts';
import { BusRef, RouteRef } from './refs.ts';

BusRef.implement({
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The id its tracker reports under.' }),
    lat: t.exposeFloat('lat', { nullable: true }),
    lng: t.exposeFloat('lng', { nullable: true }),
    heading: t.exposeFloat('heading', { nullable: true }),
    speed: t.exposeFloat('speed', { nullable: true }),
    lastUpdate: t.field({ type: 'DateTime', nullable: true, resolve: (bus) => bus.last_update }),
    reporting: t.boolean({
      description: `Whether its tracker reported within the last ${ACTIVE_BUS_WINDOW_MINUTES} minutes: the dashboard's active buses.`,
      resolve: (bus, _args, context) =>
        bus.last_update !== null && new Date(bus.last_update).getTime() >= context.now.getTime() - ACTIVE_BUS_WINDOW_MINUTES * 60_000,
    }),
    routes: t.field({
      type: [RouteRef],
      description: 'The routes this bus is assigned to, by name.',
      extensions: cost({ assumedSize: TRANSPORT_GRAPHQL_LIMITS.assumed.routesPerBus }),
      resolve: (bus, _args, context) => context.loadersFor(bus.tenant_id).routesOfBus.load(bus.id),
    }),
  }),
});
