import { z } from 'zod';
import { etaAccuracyOutput } from '../live/output-schemas.ts';

/** What the transport operations paths answer (presenters.ts builds them). */

const timestamp = z.iso.datetime();

const routeFields = {
  id: z.string(),
  name: z.string(),
  bus_id: z.string().nullable(),
  driver: z.string().nullable(),
  mode: z.enum(['morning', 'afternoon', 'both']),
  status: z.enum(['active', 'inactive', 'draft']),
  miles: z.number().nullable(),
  created_at: timestamp.nullable(),
  updated_at: timestamp.nullable(),
};

export const routeSummariesOutput = z.array(z.strictObject({ ...routeFields, stops: z.int().describe('The number of stops') }));

export const routeDetailOutput = z.strictObject({
  ...routeFields,
  stop_count: z.int(),
  stops: z.array(
    z.strictObject({
      position: z.int(),
      name: z.string(),
      address: z.string().nullable(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
      time: z.string().nullable().describe("The stop's time in its first run (morning before afternoon)"),
      riders: z.array(z.unknown()).describe('The riders of every run at this stop, each entry once'),
    }),
  ),
  runs: z
    .array(
      z.strictObject({
        direction: z.enum(['morning', 'afternoon']),
        stops: z.array(
          z.strictObject({
            stop: z.int().describe("The stop's position on the route"),
            name: z.string(),
            time: z.string().nullable().describe("HH:MM on the tenant's clocks"),
            riders: z.array(z.unknown()),
          }),
        ),
      }),
    )
    .describe('The morning run first: each run serves its stops in this order, at these times, with these riders'),
  eta_accuracy: etaAccuracyOutput.describe(
    'Arrivals recorded on the route and how often the estimate made 10 (5) minutes before was within 2 minutes',
  ),
  rider_warnings: z
    .array(
      z.strictObject({
        child_id: z.string(),
        child_name: z.string(),
        kind: z
          .enum(['direction', 'school'])
          .describe('`direction`: a run the child does not ride (its transport need); `school`: the route does not serve its school'),
        direction: z.enum(['morning', 'afternoon']),
        stop: z.int().describe("The stop's position on the route"),
        message: z.string(),
      }),
    )
    .describe('Riders placed where they do not fit, kept by an operator override (or since their transport need or school changed)'),
  unplaced_children: z
    .array(
      z.strictObject({
        child_id: z.string(),
        child_name: z.string(),
        school_id: z.string(),
        school_name: z.string(),
        missing: z
          .array(z.enum(['morning', 'afternoon']))
          .describe("The directions the child rides, of this route's runs, that no run of the tenant places it on yet"),
      }),
    )
    .describe('Active children of the schools this route serves (a stop names the school or stands at its address) who still lack a stop'),
});

export const deletedOutput = z.strictObject({ ok: z.literal(true) });

export const busOutput = z.strictObject({
  id: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  heading: z.number().nullable(),
  speed: z.number().nullable(),
  last_update: timestamp.nullable(),
});

export const busesOutput = z.array(busOutput);

export const statusOkOutput = z.strictObject({ status: z.literal('ok') });

const publicSchoolOutput = z.strictObject({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
});

export const schoolsOutput = z.array(
  z.strictObject({ ...publicSchoolOutput.shape, tenant_id: z.string(), created_at: timestamp.nullable() }),
);

export const publicSchoolsOutput = z.strictObject({ tenant_id: z.string(), schools: z.array(publicSchoolOutput) });

export const routeConditionsOutput = z.strictObject({
  route_id: z.string(),
  route_name: z.string(),
  schools: z.array(publicSchoolOutput),
  bbox: z.string().describe('minLon,minLat,maxLon,maxLat around the stops; empty without coordinates'),
  summary: z.enum(['clear', 'moderate', 'heavy', 'unavailable']),
  incident_count: z.int(),
  incidents: z.array(
    z.strictObject({
      id: z.string().nullable(),
      category: z.string(),
      icon_category: z.number().nullable(),
      magnitude_of_delay: z.number().nullable(),
      magnitude: z.string(),
      description: z.string().nullable(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      delay_seconds: z.number().nullable(),
      length_meters: z.number().nullable(),
      start_time: z.string().nullable(),
      end_time: z.string().nullable(),
    }),
  ),
  detail: z.string().nullable().describe('Why the summary is unavailable'),
});

export const trafficHealthOutput = z.strictObject({ ok: z.boolean(), status: z.int(), detail: z.string() });

// Open-Meteo leaves a value out (or null in a daily series) when it has none, and may add fields;
// the fields asked for are typed, anything else passes through unchanged.
const reading = z.number().nullable().optional();
const series = <T extends z.ZodType>(item: T) => z.array(item.nullable()).optional();

export const weatherOutput = z
  .looseObject({
    latitude: z.number().optional(),
    longitude: z.number().optional(),
    timezone: z.string().optional(),
    current: z
      .looseObject({
        time: z.string().optional(),
        temperature_2m: reading,
        relative_humidity_2m: reading,
        apparent_temperature: reading,
        is_day: reading,
        precipitation: reading,
        weather_code: reading,
        wind_speed_10m: reading,
        wind_direction_10m: reading,
      })
      .optional(),
    daily: z
      .looseObject({
        time: series(z.string()),
        weather_code: series(z.number()),
        temperature_2m_max: series(z.number()),
        temperature_2m_min: series(z.number()),
        precipitation_probability_max: series(z.number()),
        sunrise: series(z.string()),
        sunset: series(z.string()),
      })
      .optional(),
  })
  .describe("Open-Meteo's forecast answer, passed through as it comes (current readings in °F, mph and inches; daily series by date)");

export type Forecast = z.infer<typeof weatherOutput>;

export const mapSettingsOutput = z.strictObject({
  tile_url: z.string().nullable().describe('Tile URL template with {z}, {x}, {y}; null = no tiles'),
  attribution: z.string(),
  geocoder: z.boolean().describe('Whether address search is on (GEOCODER_URL)'),
});

export const geocodeOutput = z.strictObject({
  query: z.string(),
  cached: z.boolean().describe('Answered from the stored answers (kept a month) rather than asked of the geocoder'),
  results: z.array(z.strictObject({ label: z.string(), lat: z.number(), lng: z.number() })).max(5),
});
