import type { RouteMode, RouteStatus } from '@switchyard/domain/transport/operations/schemas';
import type { RouteValues, StopValues } from './routes.ts';

type StopFields = {
  name: string;
  address?: string | null;
  lat?: number | null;
  lng?: number | null;
  time?: string | null;
  riders?: unknown[];
};

type RouteFields = {
  name: string;
  bus_id?: string | null;
  driver?: string | null;
  mode?: RouteMode;
  status?: RouteStatus;
  miles?: number | null;
  stops?: StopFields[];
};

/** A stop as stored: what the caller left out becomes null, riders an empty list. */
export const stopValues = (stop: StopFields): StopValues => ({
  name: stop.name,
  address: stop.address ?? null,
  lat: stop.lat ?? null,
  lng: stop.lng ?? null,
  time: stop.time ?? null,
  riders: stop.riders ?? [],
});

/** A new route as stored, with the documented defaults (mode `both`, status `active`). */
export const newRouteValues = (route: RouteFields): RouteValues & { stops: StopValues[] } => ({
  name: route.name,
  bus_id: route.bus_id ?? null,
  driver: route.driver ?? null,
  mode: route.mode ?? 'both',
  status: route.status ?? 'active',
  miles: route.miles ?? null,
  stops: (route.stops ?? []).map(stopValues),
});
