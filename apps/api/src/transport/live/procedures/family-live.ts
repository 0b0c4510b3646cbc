import { z } from 'zod';
import { DomainError } from '@switchyard/domain/errors';
import type { PositionMessage } from '@switchyard/db/transport/live/positions';
import { recordTransportAuditOnce } from '@switchyard/db/transport/tenants/audit-log';
import { runTimesOf } from '@switchyard/db/transport/live/trip-progress';
import { LIVE_WATCH_OPENINGS_PER_ACCOUNT, liveWatchOccasion } from '@switchyard/domain/transport/live/live-watch';
import { dateOf, isInside, tripAt, tripWindow } from '@switchyard/domain/transport/live/trip';
import { countAgainst } from '../../rate-limits.ts';
import { signedInProcedure } from '../../trpc.ts';
import { assertFamilyAccount, loadFamilyRides } from '../family-rides.ts';
import { streamPositions } from './stream-positions.ts';

/**
 * The buses the signed-in family's children ride, as they move, and only while a trip of theirs
 * runs: from 60 minutes before a run's first stop time to 30 minutes after its last. Outside that the
 * stream stays open with keep-alive comments and carries no position (the window is checked for
 * each position, so a stream left open into the next trip starts showing the bus then). The first
 * event, `window`, says which buses and windows the stream covers. Watching is written to the
 * tenant's audit log (who watched which buses, when), once per account and trip however often the
 * stream is reopened; openings are counted per account (429 with Retry-After past the limit).
 */
export const familyLive = signedInProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/family/live',
      status: 200,
      access: 'tenant',
      tags: ['family'],
      streamsBody: 'text/event-stream',
      summary:
        "Live positions of the buses the family's children ride, inside their trip windows only (Server-Sent Events: a `window` event, then `location` events; Last-Event-ID resumes)",
      errors: ['unauthorized', 'forbidden', 'rate_limited'],
    },
  })
  .output(z.strictObject({ streaming: z.literal(true) }))
  .query(async ({ ctx }) => {
    assertFamilyAccount(ctx.user);
    if (!ctx.transport.sendStream) {
      throw new DomainError('validation_error', 'Open live positions from the REST path.');
    }
    // Counted before anything is read, so a loop of openings costs one statement each.
    await countAgainst(ctx, LIVE_WATCH_OPENINGS_PER_ACCOUNT, ctx.user.id);
    const em = ctx.em;
    const tenantId = ctx.tenantId;
    const zone = ctx.tenantTimeZone;
    const rides = await loadFamilyRides(em, tenantId, ctx.user.id);
    const routes = [...new Map(rides.filter((ride) => ride.route.bus_id !== null).map((ride) => [ride.route.id, ride.route])).values()];
    const busIds = [...new Set(routes.map((route) => route.bus_id as string))];
    /** A position is shown when one of the family's routes with that bus has its trip window open at the position's time. */
    const accept = (position: PositionMessage) => {
      const at = new Date(position.at_ms);
      const now = ctx.now();
      return routes.some(
        (route) =>
          route.bus_id === position.bus_id && tripAt(runTimesOf(route), at, zone) !== null && tripAt(runTimesOf(route), now, zone) !== null,
      );
    };
    const now = ctx.now();
    const windows = routes.flatMap((route) =>
      route.runs.map((run) => {
        const window = tripWindow(
          dateOf(now, zone),
          run.stops.map((stop) => stop.time),
          zone,
        );

        return {
          route_id: route.id,
          direction: run.direction,
          bus_id: route.bus_id,
          opens_at: window?.opensAt.toISOString() ?? null,
          closes_at: window?.closesAt.toISOString() ?? null,
          open: isInside(window, now),
        };
      }),
    );
    const openWindows = windows.filter((window) => window.open);
    const openRouteIds = [...new Set(openWindows.map((window) => window.route_id))];
    await recordTransportAuditOnce(
      em,
      {
        tenantId,
        actor: ctx.user.email || ctx.user.id,
        action: 'live.watch',
        resource: busIds.length > 0 ? `bus:${busIds.join(',')}` : null,
        details: { bus_ids: busIds, route_ids: routes.map((route) => route.id), open_windows: openRouteIds },
        householdId: rides[0]?.child.household_id ?? null,
        subjectUserId: ctx.user.id,
        at: now,
      },
      // A trip is a route's run: the morning and the afternoon of one route are two occasions.
      liveWatchOccasion(
        ctx.user.id,
        dateOf(now, zone),
        openWindows.map((window) => `${window.route_id}/${window.direction}`),
      ),
    );

    return streamPositions(ctx, ctx.transport.sendStream, {
      accept,
      busIds,
      first: (events) => events.send('window', { buses: busIds, windows }),
    });
  });
