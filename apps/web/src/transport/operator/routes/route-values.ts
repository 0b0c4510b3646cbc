import type { RouteMode, RouteStatus } from '@switchyard/domain/transport/operations/schemas';
import type { TransportInputs, TransportOutputs } from '../../shared/transport-client.ts';

/** A stop being edited: typed fields as text; its riders are carried along untouched, so saving the route keeps them. */
export type StopValues = { name: string; address: string; lat: string; lng: string; time: string; riders: unknown[]; origin?: number };

export type StopTextField = Exclude<keyof StopValues, 'riders' | 'origin'>;

export type RouteValues = {
  name: string;
  driver: string;
  bus_id: string;
  mode: RouteMode;
  status: RouteStatus;
  miles: string;
  stops: StopValues[];
};

type RouteDetail = TransportOutputs['operations']['getRoute'];

export const emptyStop = (): StopValues => ({ name: '', address: '', lat: '', lng: '', time: '', riders: [] });

export const EMPTY_ROUTE: RouteValues = {
  name: '',
  driver: '',
  bus_id: '',
  mode: 'both',
  status: 'active',
  miles: '',
  stops: [emptyStop()],
};

const text = (value: string | number | null | undefined): string => (value == null ? '' : String(value));

export const routeToValues = (route: RouteDetail): RouteValues => ({
  name: route.name,
  driver: text(route.driver),
  bus_id: text(route.bus_id),
  mode: route.mode as RouteMode,
  status: route.status as RouteStatus,
  miles: text(route.miles),
  // `origin` is where the stop stood when loaded, so the runs follow it when stops move.
  stops: route.stops.map((stop) => ({
    name: stop.name,
    address: text(stop.address),
    lat: text(stop.lat),
    lng: text(stop.lng),
    time: text(stop.time),
    riders: [...stop.riders],
    origin: stop.position,
  })),
});

type Run = RouteDetail['runs'][number];
type RunsRequest = NonNullable<TransportInputs['operations']['updateRoute']['runs']>;

/**
 * The runs after the stops were edited: each run keeps its stops, times and riders, following a
 * moved stop to its new place; a removed stop leaves its runs, and a run left without stops goes.
 * A new stop joins the end of every run without a time; its times are then set in the timetable.
 */
const runsAfterStopEdit = (runs: readonly Run[], kept: readonly StopValues[]): RunsRequest => {
  const newPosition = new Map(kept.flatMap((stop, index) => (stop.origin === undefined ? [] : [[stop.origin, index + 1] as const])));
  const added = kept.flatMap((stop, index) => (stop.origin === undefined ? [{ stop: index + 1, time: null, riders: [] }] : []));
  const request: RunsRequest = { morning: null, afternoon: null };
  for (const run of runs) {
    const stops = run.stops.flatMap((stop) => {
      const position = newPosition.get(stop.stop);

      return position === undefined ? [] : [{ stop: position, time: stop.time, riders: stop.riders as string[] }];
    });
    const all = [...stops, ...added];
    request[run.direction] = all.length > 0 ? { stops: all } : null;
  }

  return request;
};

/** Blank means "none"; anything else typed into a number field is sent as a number (or NaN, which the schema names). */
const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value.trim()));
const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * The body of a create (and, with the id, of an update): every field, stops replaced as a whole.
 * With the route's `runs` (an edit), the runs are sent along so the timetables survive the edit;
 * without them (a new route) the stops' times and riders are its one run.
 */
export const toRouteRequest = (values: RouteValues, runs?: readonly Run[]): TransportInputs['operations']['createRoute'] => {
  const kept = values.stops.filter(
    (stop) => stop.riders.length > 0 || [stop.name, stop.address, stop.lat, stop.lng, stop.time].some((part) => part.trim() !== ''),
  );

  return {
    ...toRouteFields(values, kept),
    ...(runs && runs.length > 0 ? { runs: runsAfterStopEdit(runs, kept) } : {}),
  };
};

const toRouteFields = (values: RouteValues, kept: readonly StopValues[]) => ({
  name: values.name.trim(),
  driver: textOrNull(values.driver),
  bus_id: textOrNull(values.bus_id),
  mode: values.mode,
  status: values.status,
  miles: numberOrNull(values.miles),
  stops: kept.map((stop) => ({
    name: stop.name.trim(),
    address: textOrNull(stop.address),
    lat: numberOrNull(stop.lat),
    lng: numberOrNull(stop.lng),
    time: textOrNull(stop.time),
    riders: stop.riders as NonNullable<TransportInputs['operations']['createRoute']['stops']>[number]['riders'],
  })),
});
