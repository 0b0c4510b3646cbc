import type { BusRow } from '@switchyard/db/transport/operations/buses';
import type { RouteRow, StopRow } from '@switchyard/db/transport/operations/routes';
import type { Run } from '@switchyard/domain/transport/operations/runs';
import type { SchoolRow } from '@switchyard/db/transport/operations/schools';
import type { z } from 'zod';
import type { busOutput, publicSchoolsOutput, routeDetailOutput, routeSummariesOutput, schoolsOutput } from './output-schemas.ts';

/** Each presenter answers the type of its output schema: a field added to one and not the other fails the typecheck. */
type RouteDetail = z.output<typeof routeDetailOutput>;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

const routeFields = (route: RouteRow) => ({
  id: route.id,
  name: route.name,
  bus_id: route.bus_id,
  driver: route.driver,
  mode: route.mode,
  status: route.status,
  miles: route.miles,
  created_at: iso(route.created_at),
  updated_at: iso(route.updated_at),
});

/** List shape: `stops` is the number of stops. */
export const presentRouteSummary = (route: RouteRow): z.output<typeof routeSummariesOutput>[number] => ({
  ...routeFields(route),
  stops: route.stops,
});

export const presentStop = (stop: StopRow): RouteDetail['stops'][number] => ({
  position: stop.position,
  name: stop.name,
  address: stop.address,
  lat: stop.lat,
  lng: stop.lng,
  time: stop.time,
  riders: stop.riders,
});

/** A run's timetable: each stop it serves in order, named by its route position and name. */
export const presentRun = (run: Run, stops: StopRow[]): RouteDetail['runs'][number] => ({
  direction: run.direction,
  stops: run.stops.map((stop) => ({
    stop: stop.position,
    name: stops.find((candidate) => candidate.position === stop.position)?.name ?? '',
    time: stop.time,
    riders: stop.riders,
  })),
});

/**
 * Detail shape: `stops` is the ordered list, `stop_count` its length, `runs` the morning and
 * afternoon timetables; the procedures add the accuracy and the rider checks, which need reads.
 */
export const presentRouteDetail = (
  route: RouteRow,
  stops: StopRow[],
  runs: Run[],
): Omit<RouteDetail, 'eta_accuracy' | 'rider_warnings' | 'unplaced_children'> => ({
  ...routeFields(route),
  stop_count: stops.length,
  stops: stops.map(presentStop),
  runs: runs.map((run) => presentRun(run, stops)),
});

export const presentBus = (bus: BusRow): z.output<typeof busOutput> => ({
  id: bus.id,
  lat: bus.lat,
  lng: bus.lng,
  heading: bus.heading,
  speed: bus.speed,
  last_update: iso(bus.last_update),
});

export const presentPublicSchool = (school: SchoolRow): z.output<typeof publicSchoolsOutput>['schools'][number] => ({
  id: school.id,
  name: school.name,
  address: school.address,
  start_time: school.start_time,
  end_time: school.end_time,
});

export const presentSchool = (school: SchoolRow): z.output<typeof schoolsOutput>[number] => ({
  ...presentPublicSchool(school),
  tenant_id: school.tenant_id,
  created_at: iso(school.created_at),
});
