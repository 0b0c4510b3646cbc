import { defineEntity, p } from '@mikro-orm/core';

// Table and column names are fixed by Migration20261122000320_transport_operations; reads and
// writes go through the raw-SQL repositories beside this file.

export const SchoolSchema = defineEntity({
  name: 'TransportSchool',
  tableName: 'transport_school',
  properties: {
    tenantId: p.string().fieldName('tenant_id').primary(),
    id: p.string().primary(),
    name: p.string(),
    address: p.string().nullable(),
    startTime: p.string().fieldName('start_time').nullable(),
    endTime: p.string().fieldName('end_time').nullable(),
    createdAt: p.datetime().fieldName('created_at'),
  },
});
export class School extends SchoolSchema.class {}
SchoolSchema.setClass(School);

export const BusSchema = defineEntity({
  name: 'TransportBus',
  tableName: 'transport_bus',
  properties: {
    tenantId: p.string().fieldName('tenant_id').primary(),
    id: p.string().primary(),
    lat: p.double().nullable(),
    lng: p.double().nullable(),
    heading: p.double().nullable(),
    speed: p.double().nullable(),
    lastUpdate: p.datetime().fieldName('last_update').nullable(),
    createdAt: p.datetime().fieldName('created_at'),
  },
});
export class Bus extends BusSchema.class {}
BusSchema.setClass(Bus);

export const RouteSchema = defineEntity({
  name: 'TransportRoute',
  tableName: 'transport_route',
  properties: {
    tenantId: p.string().fieldName('tenant_id').primary(),
    id: p.string().primary(),
    name: p.string(),
    busId: p.string().fieldName('bus_id').nullable(),
    driver: p.string().nullable(),
    mode: p.string(),
    status: p.string(),
    miles: p.double().nullable(),
    stops: p.integer(),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});
export class Route extends RouteSchema.class {}
RouteSchema.setClass(Route);

export const RouteStopSchema = defineEntity({
  name: 'TransportRouteStop',
  tableName: 'transport_route_stop',
  properties: {
    tenantId: p.string().fieldName('tenant_id').primary(),
    routeId: p.string().fieldName('route_id').primary(),
    position: p.integer().primary(),
    name: p.string(),
    address: p.string().nullable(),
    lat: p.double().nullable(),
    lng: p.double().nullable(),
    time: p.string().nullable(),
    riders: p.json<unknown[]>(),
  },
});
export class RouteStop extends RouteStopSchema.class {}
RouteStopSchema.setClass(RouteStop);

/** Outside providers' answers for a short while (Migration20261124000510; see provider-cache.ts). */
export const ProviderCacheSchema = defineEntity({
  name: 'TransportProviderCache',
  tableName: 'transport_provider_cache',
  properties: {
    key: p.string().primary(),
    answer: p.string().columnType('text').nullable(),
    freshUntil: p.datetime().fieldName('fresh_until').nullable(),
    fillingUntil: p.datetime().fieldName('filling_until').nullable(),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});
export class ProviderCache extends ProviderCacheSchema.class {}
ProviderCacheSchema.setClass(ProviderCache);

export const transportOperationsEntities = [SchoolSchema, BusSchema, RouteSchema, RouteStopSchema, ProviderCacheSchema];
