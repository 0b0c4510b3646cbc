import type { BusRow } from '@switchyard/db/transport/operations/buses';
import type { StopEstimate, TripEstimate } from '@switchyard/domain/transport/live/eta';
import type { HorizonAccuracy } from '@switchyard/domain/transport/live/accuracy';
import type { z } from 'zod';
import type { etaAccuracyOutput, familyTripsOutput, routeEtaOutput, stopEtaOutput } from './output-schemas.ts';
import type { TripView } from './trip-view.ts';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export const presentStopEta = (stop: StopEstimate): z.output<typeof stopEtaOutput> => ({
  position: stop.position,
  name: stop.name,
  time: stop.time,
  eta: iso(stop.eta),
  minutes_late: stop.minutes_late,
  state: stop.state,
});

export const presentRouteEta = (routeId: string, busId: string | null, view: TripView): z.output<typeof routeEtaOutput> => ({
  route_id: routeId,
  bus_id: busId,
  position_at: view.estimate.basis === 'position' ? iso(view.bus?.last_update ?? null) : null,
  date: view.key.date,
  time_zone: view.timeZone,
  direction: view.key.direction,
  in_window: view.inWindow,
  basis: view.estimate.basis,
  progress: view.estimate.progress,
  stops: view.estimate.stops.map(presentStopEta),
});

/** A bus with a position, in the shape of a live `location` event; null without one. */
export const presentBusPosition = (bus: BusRow | null): z.output<typeof familyTripsOutput>['trips'][number]['bus'] =>
  bus && bus.lat !== null && bus.lng !== null && bus.last_update !== null
    ? {
        bus_id: bus.id,
        lat: bus.lat,
        lng: bus.lng,
        heading: bus.heading,
        speed: bus.speed,
        last_update: new Date(bus.last_update).toISOString(),
      }
    : null;

export const presentAccuracy = (arrivals: number, ten: HorizonAccuracy, five: HorizonAccuracy): z.output<typeof etaAccuracyOutput> => ({
  arrivals,
  minutes_10: ten,
  minutes_5: five,
});

export type { TripEstimate };
