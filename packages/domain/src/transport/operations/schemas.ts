import { z } from 'zod';

/**
 * Input shapes of routes, stops, buses, schools and weather. The procedures validate with these,
 * the REST adapter documents them, and `switchyard tenant import` checks its file with them.
 */

export const ROUTE_MODES = ['morning', 'afternoon', 'both'] as const;
export const ROUTE_STATUSES = ['active', 'inactive', 'draft'] as const;
export type RouteMode = (typeof ROUTE_MODES)[number];
export type RouteStatus = (typeof ROUTE_STATUSES)[number];

export const LIMITS = {
  name: 200,
  address: 500,
  driver: 200,
  stopsPerRoute: 200,
  ridersPerStop: 200,
  riderText: 200,
  maxMiles: 10_000,
  maxSpeed: 300,
} as const;

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const requiredText = (max: number) => text(max).min(1, 'is required');
const optionalText = (max: number) => text(max).nullable().optional();

/** Route, school and bus ids appear in paths: lower-case slugs for routes and schools, tracker-chosen ids for buses. */
export const slugId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'must be a slug (a-z, 0-9 and -, at most 80 characters)');
export const busId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be 1-64 letters, digits, _ or -');

export const latitude = z.number().min(-90).max(90);
export const longitude = z.number().min(-180).max(180);
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM (24-hour)');

export const rider = z.union([
  text(LIMITS.riderText),
  z.record(z.string().max(100), z.union([z.string().max(LIMITS.riderText), z.number(), z.boolean(), z.null()])),
]);

export const stopInput = z.strictObject({
  name: requiredText(LIMITS.name),
  address: optionalText(LIMITS.address),
  lat: latitude.nullable().optional(),
  lng: longitude.nullable().optional(),
  time: clockTime.nullable().optional(),
  riders: z.array(rider).max(LIMITS.ridersPerStop).optional(),
});
export type StopInput = z.infer<typeof stopInput>;

/**
 * A run's timetable: the route's stops it serves, in the order it serves them (`stop` is the
 * 1-based position in the route's `stops`), each with its time and riders on this run.
 */
export const runStopInput = z.strictObject({
  stop: z.int().min(1).max(LIMITS.stopsPerRoute),
  time: clockTime.nullable().optional(),
  riders: z.array(rider).max(LIMITS.ridersPerStop).optional(),
});
export const runInput = z.strictObject({
  stops: z.array(runStopInput).min(1, 'a run has at least one stop').max(LIMITS.stopsPerRoute, `at most ${LIMITS.stopsPerRoute} stops`),
});
export type RunInput = z.infer<typeof runInput>;
/** The morning and afternoon runs; null removes a run, a run left out is kept as it is. */
export const runsInput = z.strictObject({ morning: runInput.nullable().optional(), afternoon: runInput.nullable().optional() });
export type RunsInput = z.infer<typeof runsInput>;

const stops = z.array(stopInput).max(LIMITS.stopsPerRoute, `at most ${LIMITS.stopsPerRoute} stops`);
const miles = z.number().min(0).max(LIMITS.maxMiles);

export const createRouteInput = z.strictObject({
  name: requiredText(LIMITS.name),
  bus_id: busId.nullable().optional(),
  driver: optionalText(LIMITS.driver),
  mode: z.enum(ROUTE_MODES).optional(),
  status: z.enum(ROUTE_STATUSES).optional(),
  miles: miles.nullable().optional(),
  stops: stops.optional(),
  runs: runsInput.optional(),
  /**
   * The operator's confirmation that riders who do not fit (a run the child does not ride, a route
   * that does not serve its school) are placed anyway; the reason is audited (rider-fit.ts).
   */
  override: z.strictObject({ reason: requiredText(500) }).optional(),
});
export type CreateRouteInput = z.infer<typeof createRouteInput>;

export const routeRefInput = z.strictObject({ route_id: z.string().max(200) });

/** Any field of a new route may change; the route is named by its id. */
export const updateRouteInput = createRouteInput.partial().extend({ route_id: z.string().max(200) });
export type UpdateRouteInput = z.infer<typeof updateRouteInput>;

export const busRefInput = z.strictObject({ bus_id: z.string().max(200) });

const heading = z.number().min(0).max(360).nullable().optional();
const speed = z.number().min(0).max(LIMITS.maxSpeed).nullable().optional();

export const busLocationInput = z.strictObject({ bus_id: busId, lat: latitude, lng: longitude, heading, speed });
export type BusLocationInput = z.infer<typeof busLocationInput>;

/** Operators add a bus in the web app before its tracker reports; a position needs both coordinates. */
export const createBusInput = z
  .strictObject({ bus_id: busId, lat: latitude.nullable().optional(), lng: longitude.nullable().optional(), heading, speed })
  .refine((bus) => (bus.lat == null) === (bus.lng == null), { message: 'give both latitude and longitude, or neither', path: ['lng'] });
export type CreateBusInput = z.infer<typeof createBusInput>;

export const schoolInput = z.strictObject({
  id: slugId.optional(),
  name: requiredText(LIMITS.name),
  address: optionalText(LIMITS.address),
  start_time: clockTime.nullable().optional(),
  end_time: clockTime.nullable().optional(),
});
export type SchoolInput = z.infer<typeof schoolInput>;

/** The public school list reads its tenant from `tenant` or `slug` (see tenant-resolution). */
export const publicSchoolsInput = z
  .strictObject({ tenant: z.string().max(100).optional(), slug: z.string().max(100).optional() })
  .optional();

const queryNumber = (fallback: number, min: number, max: number) =>
  z
    .string()
    .max(32)
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') {
        return fallback;
      }
      const parsed = Number(value);
      if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
        context.addIssue({ code: 'custom', message: `must be a number from ${min} to ${max}` });

        return z.NEVER;
      }

      return parsed;
    });

export const WEATHER_DEFAULT_LOCATION = { lat: 32.0158, lon: -81.0595 } as const;

export const weatherInput = z
  .strictObject({
    lat: queryNumber(WEATHER_DEFAULT_LOCATION.lat, -90, 90),
    lon: queryNumber(WEATHER_DEFAULT_LOCATION.lon, -180, 180),
  })
  .optional()
  .transform((value) => value ?? WEATHER_DEFAULT_LOCATION);

/** Operators manage schools in the web app (tRPC); the id is a slug of the name, as for routes. */
export const createSchoolInput = schoolInput.omit({ id: true });

export const updateSchoolInput = z.strictObject({
  school_id: z.string().max(200),
  name: requiredText(LIMITS.name).optional(),
  address: optionalText(LIMITS.address),
  start_time: clockTime.nullable().optional(),
  end_time: clockTime.nullable().optional(),
});

export const schoolRefInput = z.strictObject({ school_id: z.string().max(200) });
