import { z } from 'zod';

/** What the live paths answer (presenters.ts builds them). */

const timestamp = z.iso.datetime();

export const stopEtaOutput = z.strictObject({
  position: z.int(),
  name: z.string(),
  time: z.string().nullable().describe('Scheduled time, HH:MM (UTC)'),
  eta: timestamp.nullable().describe('Expected (upcoming) or actual (arrived) time; null for a stop passed without a recorded arrival'),
  minutes_late: z.int().nullable().describe('eta minus the scheduled time in whole minutes; negative when early'),
  state: z.enum(['upcoming', 'arrived', 'passed']),
});

export const routeEtaOutput = z.strictObject({
  route_id: z.string(),
  bus_id: z.string().nullable(),
  position_at: timestamp.nullable().describe('Time of the bus position the estimates use; null when they follow the schedule'),
  date: z.iso.date(),
  direction: z.enum(['morning', 'afternoon']),
  in_window: z.boolean().describe('The trip runs now: from 60 minutes before its first stop to 30 minutes after its last'),
  basis: z.enum(['position', 'schedule']),
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
  date: z.iso.date(),
  trips: z.array(
    z.strictObject({
      child_id: z.string(),
      child_name: z.string(),
      household_id: z.string(),
      route: z.strictObject({ id: z.string(), name: z.string(), mode: z.enum(['morning', 'afternoon', 'both']), bus_id: z.string().nullable() }),
      direction: z.enum(['morning', 'afternoon']),
      stop: z.strictObject({ position: z.int(), name: z.string(), address: z.string().nullable(), lat: z.number().nullable(), lng: z.number().nullable() }),
      scheduled_time: z.string().nullable(),
      window: z.strictObject({ opens_at: timestamp, closes_at: timestamp }).nullable(),
      in_window: z.boolean(),
      bus: busPositionOutput.nullable().describe('Inside the trip window only'),
      eta: timestamp.nullable().describe('Inside the trip window only'),
      minutes_late: z.int().nullable(),
      state: z.enum(['upcoming', 'arrived', 'passed']).nullable(),
      late_notice: z.strictObject({ minutes_late: z.int(), eta: timestamp, notified_at: timestamp }).nullable().describe('Set once the stop\'s estimate slipped 10 minutes past its time today; the families were mailed'),
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
