import { defineEntity, p } from '@mikro-orm/core';
import type { RouteMode, RouteStatus } from '@switchyard/domain/transport/operations/schemas';
import type { TripDirection } from '@switchyard/domain/transport/live/trip';
import { Tenant } from '../tenant-entities.ts';

// The entities declare the whole schema Migration20261122000320_transport_operations builds
// (test/db/schema-diff.test.ts); reads and writes go through the repositories beside this file.

const slugCheck = (table: string) => ({ name: `${table}_id_check`, expression: "id ~ '^[a-z0-9][a-z0-9-]*$'" });
const ownedBy = (table: string) => ({
  tenantId: () =>
    p.manyToOne(Tenant).mapToPk().fieldName('tenant_id').primary().deleteRule('cascade').foreignKeyName(`${table}_tenant_id_fkey`),
  id: p.text().primary(),
});

export const SchoolSchema = defineEntity({
  name: 'TransportSchool',
  tableName: 'transport_school',
  checks: [slugCheck('transport_school')],
  // One name per tenant, as people read it (Migration20261124001630_transport_school_names).
  indexes: [
    {
      name: 'transport_school_name_uq',
      expression: 'create unique index transport_school_name_uq on transport_school (tenant_id, lower(btrim(name)))',
    },
  ],
  properties: {
    ...ownedBy('transport_school'),
    name: p.string().length(200),
    address: p.string().length(500).nullable(),
    startTime: p.string().length(5).fieldName('start_time').nullable(),
    endTime: p.string().length(5).fieldName('end_time').nullable(),
    createdAt: p.datetime().fieldName('created_at').defaultRaw('now()'),
  },
});
export class School extends SchoolSchema.class {}
SchoolSchema.setClass(School);

// Buses have no other identity than the id their tracker reports under; position columns stay
// null until the first report.
export const BusSchema = defineEntity({
  name: 'TransportBus',
  tableName: 'transport_bus',
  // The retention sweep forgets positions not renewed for a while.
  indexes: [{ name: 'transport_bus_last_update_idx', properties: ['lastUpdate'], where: 'last_update is not null' }],
  checks: [
    { name: 'transport_bus_lat_check', expression: "lat >= '-90' and lat <= '90'" },
    { name: 'transport_bus_lng_check', expression: "lng >= '-180' and lng <= '180'" },
  ],
  properties: {
    ...ownedBy('transport_bus'),
    lat: p.double().nullable(),
    lng: p.double().nullable(),
    heading: p.double().nullable(),
    speed: p.double().nullable(),
    lastUpdate: p.datetime().fieldName('last_update').nullable(),
    createdAt: p.datetime().fieldName('created_at').defaultRaw('now()'),
  },
});
export class Bus extends BusSchema.class {}
BusSchema.setClass(Bus);

export const RouteSchema = defineEntity({
  name: 'TransportRoute',
  tableName: 'transport_route',
  checks: [
    slugCheck('transport_route'),
    { name: 'transport_route_mode_check', expression: "mode in ('morning', 'afternoon', 'both')" },
    { name: 'transport_route_status_check', expression: "status in ('active', 'inactive', 'draft')" },
    { name: 'transport_route_miles_check', expression: "miles >= '0'" },
  ],
  properties: {
    ...ownedBy('transport_route'),
    name: p.string().length(200),
    busId: p.text().fieldName('bus_id').nullable(),
    driver: p.string().length(200).nullable(),
    mode: p.text().$type<RouteMode>().default('both'),
    status: p.text().$type<RouteStatus>().default('active'),
    miles: p.double().nullable(),
    stops: p.integer().default(0),
    createdAt: p.datetime().fieldName('created_at').defaultRaw('now()'),
    updatedAt: p.datetime().fieldName('updated_at').defaultRaw('now()'),
  },
});
export class Route extends RouteSchema.class {}
RouteSchema.setClass(Route);

export const RouteStopSchema = defineEntity({
  name: 'TransportRouteStop',
  tableName: 'transport_route_stop',
  checks: [
    { name: 'transport_route_stop_lat_check', expression: "lat >= '-90' and lat <= '90'" },
    { name: 'transport_route_stop_lng_check', expression: "lng >= '-180' and lng <= '180'" },
  ],
  properties: {
    // (tenant_id, route_id) is the stop's route; the route's key is (tenant_id, id).
    route: () =>
      p
        .manyToOne(Route)
        .mapToPk()
        .fieldNames('tenant_id', 'route_id')
        .primary()
        .updateRule('no action')
        .deleteRule('cascade')
        .foreignKeyName('transport_route_stop_tenant_id_route_id_fkey'),
    position: p.integer().primary(),
    name: p.string().length(200),
    address: p.string().length(500).nullable(),
    lat: p.double().nullable(),
    lng: p.double().nullable(),
    time: p.string().length(5).nullable(),
    riders: p.json<unknown[]>().defaultRaw("'[]'::jsonb"),
  },
});
export class RouteStop extends RouteStopSchema.class {}
RouteStopSchema.setClass(RouteStop);

/**
 * One stop of a route's morning or afternoon run (Migration20261127160000_transport_route_runs):
 * `sequence` is its place in the run, `stop_position` the route stop it serves, with the run's
 * time and riders there. The route's stops keep `time` and `riders` as the spec's fields answer
 * them, derived from the runs on every save (runs.ts, stopFieldsOfRuns).
 */
export const RunStopSchema = defineEntity({
  name: 'TransportRunStop',
  tableName: 'transport_run_stop',
  checks: [{ name: 'transport_run_stop_direction_check', expression: "direction in ('morning', 'afternoon')" }],
  indexes: [
    {
      name: 'transport_run_stop_stop_uq',
      expression: 'create unique index transport_run_stop_stop_uq on transport_run_stop (tenant_id, route_id, direction, stop_position)',
    },
  ],
  properties: {
    route: () =>
      p
        .manyToOne(Route)
        .mapToPk()
        .fieldNames('tenant_id', 'route_id')
        .primary()
        .updateRule('no action')
        .deleteRule('cascade')
        .foreignKeyName('transport_run_stop_tenant_id_route_id_fkey'),
    direction: p.text().$type<TripDirection>().primary(),
    sequence: p.integer().primary(),
    stopPosition: p.integer().fieldName('stop_position'),
    time: p.string().length(5).nullable(),
    riders: p.json<unknown[]>().defaultRaw("'[]'::jsonb"),
  },
});
export class RunStop extends RunStopSchema.class {}
RunStopSchema.setClass(RunStop);

/** Outside providers' answers for a short while (Migration20261124000510; see provider-cache.ts). */
export const ProviderCacheSchema = defineEntity({
  name: 'TransportProviderCache',
  tableName: 'transport_provider_cache',
  indexes: [{ name: 'transport_provider_cache_updated_idx', properties: ['updatedAt'] }],
  properties: {
    key: p.text().primary(),
    answer: p.string().columnType('text').nullable(),
    freshUntil: p.datetime().fieldName('fresh_until').nullable(),
    fillingUntil: p.datetime().fieldName('filling_until').nullable(),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});
export class ProviderCache extends ProviderCacheSchema.class {}
ProviderCacheSchema.setClass(ProviderCache);

/**
 * Address search answers (Migration20261128020000; see geocode-cache.ts): one row per normalised
 * query and search area, kept for GEOCODE_LIMITS.answerDays and then asked again.
 */
export const GeocodeCacheSchema = defineEntity({
  name: 'TransportGeocodeCache',
  tableName: 'transport_geocode_cache',
  indexes: [{ name: 'transport_geocode_cache_fetched_idx', properties: ['fetchedAt'] }],
  properties: {
    query: p.text().primary(),
    area: p.text().primary(),
    results: p.json<unknown[]>(),
    fetchedAt: p.datetime().fieldName('fetched_at'),
  },
});
export class GeocodeCache extends GeocodeCacheSchema.class {}
GeocodeCacheSchema.setClass(GeocodeCache);

export const transportOperationsEntities = [
  SchoolSchema,
  BusSchema,
  RouteSchema,
  RouteStopSchema,
  RunStopSchema,
  ProviderCacheSchema,
  GeocodeCacheSchema,
];
