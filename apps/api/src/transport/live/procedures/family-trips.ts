import { lateNoticesOn } from '@switchyard/db/transport/live/late-notices';
import { rideHeadline, rideStatus } from '@switchyard/domain/transport/live/ride-status';
import { dateOf } from '@switchyard/domain/transport/live/trip';
import { signedInProcedure } from '../../trpc.ts';
import { assertFamilyAccount, loadFamilyRides } from '../family-rides.ts';
import { familyTripsOutput } from '../output-schemas.ts';
import { presentBusPosition } from '../presenters.ts';
import { viewTrip, type TripView } from '../trip-view.ts';

export const familyTrips = signedInProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/family/trips',
      status: 200,
      access: 'tenant',
      tags: ['family'],
      summary:
        "Today's trips of the signed-in family's children, one per run ridden (a child riding both runs has a morning and an afternoon trip): route, stop and the run's time there; inside the trip window also the bus and the stop's eta; `status`, what the family reads (served only once the bus was seen at the stop); `late_notice` once the families were told the bus runs late",
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(familyTripsOutput)
  .query(async ({ ctx }) => {
    assertFamilyAccount(ctx.user);
    const em = ctx.em;
    const now = ctx.now();
    const rides = await loadFamilyRides(em, ctx.tenantId, ctx.user.id);
    // One view per run ridden: a child on both runs of a route has a morning and an afternoon trip.
    const views = new Map<string, TripView>();
    for (const ride of rides) {
      const key = `${ride.route.id}/${ride.direction}`;
      if (!views.has(key)) {
        views.set(key, await viewTrip(em, { id: ctx.tenantId, timeZone: ctx.tenantTimeZone }, ride.route, now, ride.direction));
      }
    }
    const date = dateOf(now, ctx.tenantTimeZone);
    const notices = await lateNoticesOn(em, ctx.tenantId, [...new Set(rides.map((ride) => ride.route.id))], date);

    return {
      date,
      time_zone: ctx.tenantTimeZone,
      trips: rides.map(({ child, route, direction, stop }) => {
        const view = views.get(`${route.id}/${direction}`) as TripView;
        const estimate = view.estimate.stops.find((candidate) => candidate.position === stop.position) ?? null;
        const notice =
          notices.find((row) => row.route_id === route.id && row.direction === view.key.direction && row.stop_position === stop.position) ??
          null;

        return {
          child_id: child.child_id,
          child_name: child.child_name,
          household_id: child.household_id,
          route: { id: route.id, name: route.name, mode: route.mode, bus_id: route.bus_id },
          direction,
          headline: rideHeadline(direction, stop.time, stop.name),
          stop: { position: stop.position, name: stop.name, address: stop.address, lat: stop.lat, lng: stop.lng },
          scheduled_time: stop.time,
          window: view.window ? { opens_at: view.window.opensAt.toISOString(), closes_at: view.window.closesAt.toISOString() } : null,
          in_window: view.inWindow,
          bus: view.inWindow ? presentBusPosition(view.bus) : null,
          eta: view.inWindow && estimate?.eta ? estimate.eta.toISOString() : null,
          minutes_late: view.inWindow ? (estimate?.minutes_late ?? null) : null,
          state: view.inWindow ? (estimate?.state ?? null) : null,
          progress: view.estimate.progress,
          status: rideStatus({
            direction: view.key.direction,
            stop: estimate ?? {
              position: stop.position,
              name: stop.name,
              time: stop.time,
              eta: null,
              minutes_late: null,
              state: 'upcoming',
            },
            basis: view.estimate.basis,
            progress: view.estimate.progress,
            over: view.window !== null && now.getTime() > view.window.closesAt.getTime(),
            timeZone: ctx.tenantTimeZone,
          }),
          late_notice: notice
            ? {
                minutes_late: notice.minutes_late,
                eta: new Date(notice.eta).toISOString(),
                notified_at: new Date(notice.notified_at).toISOString(),
              }
            : null,
        };
      }),
    };
  });
