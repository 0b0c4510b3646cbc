import { z } from 'zod';

/** What the live paths answer (presenters.ts builds them). */

const timestamp = z.iso.datetime();
const stopState = z
  .enum(['upcoming', 'arrived', 'not_seen'])
  .describe(
    'arrived: the bus was seen at the stop (20 s within 50 m) on this trip; not_seen: the run is under way and the bus is beyond the stop without having been seen at it; never counted as served',
  );
const runProgress = z
  .enum(['scheduled', 'not_started', 'running', 'finished'])
  .describe(
    'scheduled: nothing served, no fresh position; not_started: nothing served and the bus reports from beyond the first stop (its depot); running: a stop served or the bus heading for the first; finished: the last stop served',
  );
const timeZone = z.string().describe('IANA time zone of the tenant: scheduled HH:MM times are its wall-clock times; instants are UTC');

export const stopEtaOutput = z.strictObject({
  position: z.int(),
  name: z.string(),
  time: z.string().nullable().describe("Scheduled time, HH:MM on the clocks of the tenant's time zone (`time_zone`)"),
  eta: timestamp
    .nullable()
    .describe(
      'Expected (upcoming) or actual (arrived) time; null for a stop not seen. An upcoming timed stop is never expected before its time (buses wait there until then)',
    ),
  minutes_late: z.int().nullable().describe('eta minus the scheduled time in whole minutes; negative only for an arrival ahead of time'),
  state: stopState,
});

export const routeEtaOutput = z.strictObject({
  route_id: z.string(),
  bus_id: z.string().nullable(),
  position_at: timestamp.nullable().describe('Time of the bus position the estimates use; null when they follow the schedule'),
  date: z.iso.date().describe("The trip's day: today in the tenant's time zone"),
  time_zone: timeZone,
  direction: z.enum(['morning', 'afternoon']),
  in_window: z.boolean().describe('The trip runs now: from 60 minutes before its first stop to 30 minutes after its last'),
  basis: z.enum(['position', 'schedule']),
  progress: runProgress,
  stops: z.array(stopEtaOutput),
});

const busPositionOutput = z.strictObject({
  bus_id: z.string(),
  lat: z.number(),
  lng: z.number(),
  heading: z.number().nullable(),
  speed: z.number().nullable(),
  last_update: timestamp,
});

export const familyTripsOutput = z.strictObject({
  date: z.iso.date().describe("Today in the tenant's time zone"),
  time_zone: timeZone,
  trips: z.array(
    z.strictObject({
      child_id: z.string(),
      child_name: z.string(),
      household_id: z.string(),
      route: z.strictObject({
        id: z.string(),
        name: z.string(),
        mode: z.enum(['morning', 'afternoon', 'both']),
        bus_id: z.string().nullable(),
      }),
      direction: z.enum(['morning', 'afternoon']).describe('The run the child rides'),
      headline: z.string().describe('"Morning pickup 07:40 at Oak & 5th" or "Afternoon drop-off 15:25 at Oak & 5th"'),
      stop: z.strictObject({
        position: z.int(),
        name: z.string(),
        address: z.string().nullable(),
        lat: z.number().nullable(),
        lng: z.number().nullable(),
      }),
      scheduled_time: z
        .string()
        .nullable()
        .describe("The run's time at the stop, HH:MM on the clocks of the tenant's time zone (`time_zone`)"),
      window: z.strictObject({ opens_at: timestamp, closes_at: timestamp }).nullable(),
      in_window: z.boolean(),
      bus: busPositionOutput.nullable().describe('Inside the trip window only'),
      eta: timestamp.nullable().describe('Inside the trip window only'),
      minutes_late: z.int().nullable(),
      state: stopState.nullable().describe('Inside the trip window only'),
      progress: runProgress.describe("The run's progress; without the bus's position outside the window"),
      status: z
        .strictObject({
          kind: z.enum(['scheduled', 'not_started', 'on_the_way', 'running_late', 'picked_up', 'dropped_off', 'not_seen', 'no_time']),
          time: z.string().nullable().describe("HH:MM on the tenant's clocks: scheduled, estimated or when the bus came"),
          label: z
            .string()
            .describe(
              'What the family reads: "Scheduled 07:40", "On the way, about 07:43", "Running late, about 07:55", "Picked up 07:41", "Dropped off 15:27", "Bus not started · scheduled 07:40", "Not seen at the stop"',
            ),
        })
        .describe('The ride as the family is told it, all day: served only once the bus was seen at the stop'),
      late_notice: z
        .strictObject({ minutes_late: z.int(), eta: timestamp, notified_at: timestamp })
        .nullable()
        .describe("Set once the stop's estimate slipped 10 minutes past its time today; the families were mailed"),
    }),
  ),
});

const horizonAccuracyOutput = z.strictObject({
  arrivals: z.int().describe('Arrivals with an estimate kept at this horizon'),
  within_2_minutes: z.int(),
  share: z.number().nullable().describe('within_2_minutes / arrivals; null without arrivals'),
});

export const etaAccuracyOutput = z.strictObject({
  arrivals: z.int().describe('Stops reached (20 s within 50 m), every trip of the route'),
  minutes_10: horizonAccuracyOutput,
  minutes_5: horizonAccuracyOutput,
});
