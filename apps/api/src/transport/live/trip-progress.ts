import { currentRequestId } from '../../http/request-context.ts';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { enqueueMail } from '@switchyard/db/mail-outbox';
import { claimLateNotice } from '@switchyard/db/transport/live/late-notices';
import { familyEmailsOfChildren } from '@switchyard/db/transport/live/riders';
import {
  activeRoutesOfBus,
  findNearStop,
  keepEstimates,
  recordArrival,
  runOf,
  runTimesOf,
  saveNearStop,
  tripArrivals,
  type LiveRoute,
  type LiveRun,
  type TripKey,
} from '@switchyard/db/transport/live/trip-progress';
import { horizonsReached, isLateForNotice } from '@switchyard/domain/transport/live/accuracy';
import { stepArrival } from '@switchyard/domain/transport/live/arrival';
import { estimateTrip, type BusFix, type StopEstimate } from '@switchyard/domain/transport/live/eta';
import { childIdsOfStops } from '@switchyard/domain/transport/live/riders';
import { instantOf, tripAt } from '@switchyard/domain/transport/live/trip';
import { localTimeOf } from '@switchyard/domain/transport/time-zone';
import type { Logger } from '../../logger.ts';
import { recentTrafficSummary } from './traffic-summary.ts';

export const TRANSPORT_MAIL_SOURCE = 'transport';

const mailLateNotice = async (
  tx: SqlEntityManager,
  key: TripKey,
  timeZone: string,
  route: LiveRoute,
  run: LiveRun,
  stop: StopEstimate,
  now: Date,
): Promise<number> => {
  // The riders of this run at the stop: a child riding only the other run is not waiting.
  const riders = run.stops.find((candidate) => candidate.position === stop.position)?.riders ?? [];
  const families = await familyEmailsOfChildren(tx, key.tenantId, childIdsOfStops([{ riders }]));
  for (const family of families) {
    await enqueueMail(tx, {
      source: TRANSPORT_MAIL_SOURCE,
      kind: 'late_notice',
      requestId: currentRequestId(),
      reference: `${key.tenantId}/${key.routeId}/${key.date}/${key.direction}/${stop.position}`,
      recipient: family.email,
      subject: `Bus running late at ${stop.name}`,
      body: [
        `Hello ${family.name},`,
        '',
        `The ${key.direction} bus on route ${route.name} is running about ${stop.minutes_late} minutes late.`,
        `It is now expected at ${stop.name} around ${stop.eta ? localTimeOf(stop.eta, timeZone) : '?'} (scheduled ${stop.time ?? '?'}; times in ${timeZone}).`,
        '',
        'You will not get another notice for this stop on this trip. The family page shows the bus live.',
      ].join('\n'),
      now,
    });
  }

  return families.length;
};

/**
 * What one location report changes on the bus's running trip: the stop it waits at (arrival after
 * 20 s within 50 m), the estimates kept at the 10 and 5 minute horizons, and the one late notice
 * per stop. A bus drives one trip at a time: of its active routes' runs, the one whose window
 * opened first among those open now; the run's stops, in its order, are the trip's. Everything is in the database, so reports reaching different API
 * processes add up.
 */
export const advanceTrip = async (
  deps: { em: SqlEntityManager; logger: Logger; wakeMail: () => void },
  tenant: { id: string; timeZone: string },
  busId: string,
  fix: BusFix,
): Promise<void> => {
  const { id: tenantId, timeZone } = tenant;
  const now = fix.at;
  const { em } = deps;
  const routes = await activeRoutesOfBus(em, tenantId, busId);
  const running = routes
    .map((route) => {
      const trip = tripAt(runTimesOf(route), now, timeZone);
      const run = trip ? runOf(route, trip.direction) : null;

      return { route, trip, run };
    })
    .filter(
      (candidate): candidate is { route: LiveRoute; trip: NonNullable<typeof candidate.trip>; run: LiveRun } =>
        candidate.trip !== null && candidate.run !== null,
    )
    .sort((left, right) => left.trip.window.opensAt.getTime() - right.trip.window.opensAt.getTime())[0];
  if (!running) {
    if (routes.length > 0) {
      await saveNearStop(em, tenantId, busId, null);
    }

    return;
  }
  const { route, trip, run } = running;
  const key: TripKey = { tenantId, routeId: route.id, date: trip.date, direction: trip.direction };
  let mailed = 0;
  await em.transactional(async (tx) => {
    const arrivals = await tripArrivals(tx, key);
    const near = await findNearStop(tx, tenantId, busId);
    const sameTrip = near !== null && near.route_id === key.routeId && near.trip_date === key.date && near.direction === key.direction;
    const step = stepArrival({
      previous: sameTrip ? { stopPosition: near.stop_position, since: near.since } : null,
      fix: { lat: fix.lat, lng: fix.lng, at: now },
      stops: run.stops,
      arrived: new Set(arrivals.keys()),
    });
    if (step.arrived) {
      const stop = run.stops.find((candidate) => candidate.position === step.arrived?.stopPosition);
      const scheduledAt = stop?.time ? instantOf(key.date, stop.time, timeZone) : null;
      if (await recordArrival(tx, key, { stopPosition: step.arrived.stopPosition, busId, at: step.arrived.at, scheduledAt })) {
        arrivals.set(step.arrived.stopPosition, step.arrived.at);
      }
    }
    const unchanged =
      sameTrip && step.near !== null && step.near.stopPosition === near.stop_position && step.near.since.getTime() === near.since.getTime();
    if (!unchanged && (step.near !== null || near !== null)) {
      await saveNearStop(tx, tenantId, busId, step.near ? { ...key, stopPosition: step.near.stopPosition, since: step.near.since } : null);
    }
    const estimate = estimateTrip({
      date: key.date,
      timeZone,
      stops: run.stops,
      fix,
      arrivals,
      traffic: await recentTrafficSummary(tx, tenantId, route.id, now),
      now,
    });
    if (estimate.basis !== 'position') {
      return;
    }
    const upcoming = estimate.stops.filter((stop): stop is StopEstimate & { eta: Date } => stop.state === 'upcoming' && stop.eta !== null);
    await keepEstimates(
      tx,
      key,
      upcoming.flatMap((stop) =>
        horizonsReached(stop.eta, now).map((horizon) => ({ stopPosition: stop.position, horizon, eta: stop.eta })),
      ),
      now,
    );
    for (const stop of upcoming.filter((candidate) => isLateForNotice(candidate.minutes_late) && candidate.time !== null)) {
      const claimed = await claimLateNotice(tx, key, {
        stopPosition: stop.position,
        scheduledAt: instantOf(key.date, stop.time as string, timeZone),
        eta: stop.eta,
        minutesLate: stop.minutes_late as number,
        at: now,
      });
      if (claimed) {
        mailed += await mailLateNotice(tx, key, timeZone, route, run, stop, now);
      }
    }
  });
  if (mailed > 0) {
    deps.logger.info({ tenant_id: tenantId, route_id: route.id, mails: mailed }, 'late notices written to the outbox');
    deps.wakeMail();
  }
};
