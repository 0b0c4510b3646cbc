import type { RouteMode, RouteStatus } from '@switchyard/domain/transport/operations/schemas';
import type { TransportInputs, TransportOutputs } from '../../shared/transport-client.ts';

/** A stop being edited: typed fields as text; its riders are carried along untouched, so saving the route keeps them. */
export type StopValues = { name: string; address: string; lat: string; lng: string; time: string; riders: unknown[] };

export type StopTextField = Exclude<keyof StopValues, 'riders'>;

export type RouteValues = { name: string; driver: string; bus_id: string; mode: RouteMode; status: RouteStatus; miles: string; stops: StopValues[] };

type RouteDetail = TransportOutputs['operations']['getRoute'];

export const emptyStop = (): StopValues => ({ name: '', address: '', lat: '', lng: '', time: '', riders: [] });

export const EMPTY_ROUTE: RouteValues = { name: '', driver: '', bus_id: '', mode: 'both', status: 'active', miles: '', stops: [emptyStop()] };

const text = (value: string | number | null | undefined): string => (value == null ? '' : String(value));

export const routeToValues = (route: RouteDetail): RouteValues => ({
  name: route.name,
  driver: text(route.driver),
  bus_id: text(route.bus_id),
  mode: route.mode as RouteMode,
  status: route.status as RouteStatus,
  miles: text(route.miles),
  stops: route.stops.map((stop) => ({ name: stop.name, address: text(stop.address), lat: text(stop.lat), lng: text(stop.lng), time: text(stop.time), riders: [...stop.riders] })),
});

/** Blank means "none"; anything else typed into a number field is sent as a number (or NaN, which the schema names). */
const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value.trim()));
const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The body of a create (and, with the id, of an update): every field, stops replaced as a whole. */
export const toRouteRequest = (values: RouteValues): TransportInputs['operations']['createRoute'] => ({
  name: values.name.trim(),
  driver: textOrNull(values.driver),
  bus_id: textOrNull(values.bus_id),
  mode: values.mode,
  status: values.status,
  miles: numberOrNull(values.miles),
  stops: values.stops
    .filter((stop) => stop.riders.length > 0 || [stop.name, stop.address, stop.lat, stop.lng, stop.time].some((part) => part.trim() !== ''))
    .map((stop) => ({
      name: stop.name.trim(),
      address: textOrNull(stop.address),
      lat: numberOrNull(stop.lat),
      lng: numberOrNull(stop.lng),
      time: textOrNull(stop.time),
      riders: stop.riders as NonNullable<TransportInputs['operations']['createRoute']['stops']>[number]['riders'],
    })),
});
