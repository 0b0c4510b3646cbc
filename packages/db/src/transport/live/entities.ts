import { defineEntity, p } from '@mikro-orm/core';
import type { TripDirection } from '@switchyard/domain/transport/live/trip';
import { Bus, Route } from '../operations/entities.ts';

// The entities declare the whole schema Migration20261124010000_transport_live builds
// (test/db/schema-diff.test.ts); reads and writes go through the repositories beside this file.

const directionCheck = (table: string) => ({ name: `${table}_direction_check`, expression: "direction in ('morning', 'afternoon')" });

/** One trip of a route (route, day, direction) and one of its stops: the key of every table here. */
const tripStop = (table: string) => ({
  route: () =>
    p
      .manyToOne(Route)
      .mapToPk()
      .fieldNames('tenant_id', 'route_id')
      .primary()
      .updateRule('no action')
      .deleteRule('cascade')
      .foreignKeyName(`${table}_tenant_id_route_id_fkey`),
  tripDate: p.string().columnType('date').fieldName('trip_date').primary(),
  direction: p.text().$type<TripDirection>().primary(),
  stopPosition: p.integer().fieldName('stop_position').primary(),
});

/**
 * Per bus: the stop it has been within 50 m of since when, so the 20 s dwell is measured across
 * reports that may reach different API processes.
 */
export const BusNearStopSchema = defineEntity({
  name: 'TransportBusNearStop',
  tableName: 'transport_bus_near_stop',
  checks: [directionCheck('transport_bus_near_stop')],
  properties: {
    bus: () =>
      p
        .manyToOne(Bus)
        .mapToPk()
        .fieldNames('tenant_id', 'bus_id')
        .primary()
        .updateRule('no action')
        .deleteRule('cascade')
        .foreignKeyName('transport_bus_near_stop_tenant_id_bus_id_fkey'),
    routeId: p.text().fieldName('route_id'),
    tripDate: p.string().columnType('date').fieldName('trip_date'),
    direction: p.text().$type<TripDirection>(),
    stopPosition: p.integer().fieldName('stop_position'),
    since: p.datetime(),
  },
});

/** The first estimate of a stop made 10 (then 5) minutes before its eta, kept to judge it later. */
export const EtaSnapshotSchema = defineEntity({
  name: 'TransportEtaSnapshot',
  tableName: 'transport_eta_snapshot',
  // The retention sweep removes by age.
  indexes: [{ name: 'transport_eta_snapshot_made_idx', properties: ['madeAt'] }],
  checks: [
    directionCheck('transport_eta_snapshot'),
    { name: 'transport_eta_snapshot_horizon_minutes_check', expression: 'horizon_minutes in (5, 10)' },
  ],
  properties: {
    ...tripStop('transport_eta_snapshot'),
    horizonMinutes: p.integer().fieldName('horizon_minutes').primary(),
    eta: p.datetime(),
    madeAt: p.datetime().fieldName('made_at'),
  },
});

/** A stop reached on a trip: the bus stayed within 50 m for 20 s (once per trip and stop). */
export const StopArrivalSchema = defineEntity({
  name: 'TransportStopArrival',
  tableName: 'transport_stop_arrival',
  // The retention sweep removes by age.
  indexes: [{ name: 'transport_stop_arrival_arrived_idx', properties: ['arrivedAt'] }],
  checks: [directionCheck('transport_stop_arrival')],
  properties: {
    ...tripStop('transport_stop_arrival'),
    busId: p.text().fieldName('bus_id'),
    arrivedAt: p.datetime().fieldName('arrived_at'),
    scheduledAt: p.datetime().fieldName('scheduled_at').nullable(),
  },
});

/**
 * A late notice sent to the families of a stop. The key (trip and stop) is what keeps it to one
 * notice however many reports, and processes, see the estimate slip.
 */
export const LateNoticeSchema = defineEntity({
  name: 'TransportLateNotice',
  tableName: 'transport_late_notice',
  // The retention sweep removes by age.
  indexes: [{ name: 'transport_late_notice_notified_idx', properties: ['notifiedAt'] }],
  checks: [directionCheck('transport_late_notice')],
  properties: {
    ...tripStop('transport_late_notice'),
    scheduledAt: p.datetime().fieldName('scheduled_at'),
    eta: p.datetime(),
    minutesLate: p.integer().fieldName('minutes_late'),
    notifiedAt: p.datetime().fieldName('notified_at'),
  },
});

export const transportLiveEntities = [BusNearStopSchema, EtaSnapshotSchema, StopArrivalSchema, LateNoticeSchema];
