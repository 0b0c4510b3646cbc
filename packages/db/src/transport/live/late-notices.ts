import type { SqlEntityManager } from '@mikro-orm/sql';
import type { TripKey } from './trip-progress.ts';

/**
 * Takes the one late notice of a trip's stop: true for the caller that inserted it (who then mails
 * the families in the same transaction), false when it was sent before. The key decides, so two
 * processes seeing the same slip at once send one notice.
 */
export const claimLateNotice = async (
  em: SqlEntityManager,
  trip: TripKey,
  notice: { stopPosition: number; scheduledAt: Date; eta: Date; minutesLate: number; at: Date },
): Promise<boolean> => {
  const rows = await em.execute<{ stop_position: number }[]>(
    `insert into transport_late_notice (tenant_id, route_id, trip_date, direction, stop_position, scheduled_at, eta, minutes_late, notified_at)
     values (?, ?, ?::date, ?, ?::int, ?::timestamptz, ?::timestamptz, ?::int, ?::timestamptz) on conflict do nothing returning stop_position`,
    [trip.tenantId, trip.routeId, trip.date, trip.direction, notice.stopPosition, notice.scheduledAt.toISOString(), notice.eta.toISOString(), notice.minutesLate, notice.at.toISOString()],
  );

  return rows.length > 0;
};

export type LateNoticeRow = { route_id: string; direction: string; stop_position: number; minutes_late: number; eta: Date; notified_at: Date };

/** The late notices of these routes' trips on one day. */
export const lateNoticesOn = async (em: SqlEntityManager, tenantId: string, routeIds: readonly string[], date: string): Promise<LateNoticeRow[]> =>
  routeIds.length === 0
    ? []
    : em.execute<LateNoticeRow[]>(
        `select route_id, direction, stop_position, minutes_late, eta, notified_at from transport_late_notice
         where tenant_id = ? and trip_date = ?::date and route_id in (${routeIds.map(() => '?').join(', ')})`,
        [tenantId, date, ...routeIds],
      );
