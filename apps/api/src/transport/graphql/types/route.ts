import { cost } from '../builder.ts';
import { TRANSPORT_GRAPHQL_LIMITS } from '../limits.ts';
import { RouteModeEnum, RouteStatusEnum } from './enums.ts';
import { builder } from '../builder.ts';
import { accuracyOfCounts } from '../../live/eta-accuracy.ts';
import { BusRef, RouteRef, RouteStopRef } from './refs.ts';

type Accuracy = ReturnType<typeof accuracyOfCounts>;
type Horizon = Accuracy['minutes_10'];

const HorizonAccuracyRef = builder.objectRef<Horizon>('EtaHorizonAccuracy').implement({
  description: 'How often the estimate made at one horizon before an arrival was within 2 minutes of it.',
  fields: (t) => ({
    arrivals: t.exposeInt('arrivals', { description: 'Arrivals with an estimate kept at this horizon.' }),
    within2Minutes: t.exposeInt('within_2_minutes'),
    share: t.exposeFloat('share', { nullable: true, description: 'within2Minutes / arrivals; null without arrivals.' }),
  }),
});

const EtaAccuracyRef = builder.objectRef<Accuracy>('EtaAccuracy').implement({
  description: 'Arrival estimates of a route against its recorded arrivals (a stop is reached after 20 s within 50 m).',
  fields: (t) => ({
    arrivals: t.exposeInt('arrivals', { description: 'Stops reached, every trip of the route.' }),
    tenMinutes: t.field({ type: HorizonAccuracyRef, resolve: (accuracy) => accuracy.minutes_10 }),
    fiveMinutes: t.field({ type: HorizonAccuracyRef, resolve: (accuracy) => accuracy.minutes_5 }),
  }),
});

RouteRef.implement({
  fields: (t) => ({
    id: t.exposeID('id', { description: 'A slug of the name, unique in the tenant.' }),
    name: t.exposeString('name'),
    mode: t.field({ type: RouteModeEnum, resolve: (route) => route.mode }),
    status: t.field({ type: RouteStatusEnum, resolve: (route) => route.status }),
    driver: t.exposeString('driver', { nullable: true }),
    miles: t.exposeFloat('miles', { nullable: true }),
    busId: t.exposeString('bus_id', {
      nullable: true,
      description: 'The assigned bus id; a route may name a bus before its tracker first reports.',
    }),
    bus: t.field({
      type: BusRef,
      nullable: true,
      description: 'The assigned bus; null when none is assigned or the tenant has no bus of that id yet.',
      resolve: (route, _args, context) => (route.bus_id ? context.loadersFor(route.tenant_id).bus.load(route.bus_id) : null),
    }),
    stopCount: t.exposeInt('stops'),
    stops: t.field({
      type: [RouteStopRef],
      description: 'In the order they are driven.',
      extensions: cost({ assumedSize: TRANSPORT_GRAPHQL_LIMITS.assumed.stops }),
      resolve: (route, _args, context) => context.loadersFor(route.tenant_id).stopsOfRoute.load(route.id),
    }),
    etaAccuracy: t.field({
      type: EtaAccuracyRef,
      description: 'How well the arrival estimates held on this route.',
      resolve: async (route, _args, context) =>
        accuracyOfCounts((await context.loadersFor(route.tenant_id).accuracyOfRoute.load(route.id))[0]),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (route) => route.created_at }),
    updatedAt: t.field({ type: 'DateTime', resolve: (route) => route.updated_at }),
  }),
});

RouteStopRef.implement({
  fields: (t) => ({
    position: t.exposeInt('position', { description: '1-based.' }),
    name: t.exposeString('name'),
    address: t.exposeString('address', { nullable: true }),
    lat: t.exposeFloat('lat', { nullable: true }),
    lng: t.exposeFloat('lng', { nullable: true }),
    time: t.exposeString('time', { nullable: true, description: '`HH:MM`, 24-hour.' }),
    riders: t.field({
      type: 'JSON',
      description: 'The riders list as stored: child ids, objects naming a child_id, or free-text names.',
      resolve: (stop) => stop.riders,
    }),
  }),
});
