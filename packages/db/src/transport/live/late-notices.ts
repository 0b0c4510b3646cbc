import type { SqlEntityManager } from '@mikro-orm/sql';
import type { TripDirection } from '@switchyard/domain/transport/live/trip';
import { db } from '../../kysely.ts';
import { tripColumns, type TripKey } from './trip-progress.ts';

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
  const rows = await db(em)
    .insertInto('transport_late_notice')
    .values({
      ...tripColumns(trip),
      stop_position: notice.stopPosition,
      scheduled_at: notice.scheduledAt,
      eta: notice.eta,
      minutes_late: notice.minutesLate,
      notified_at: notice.at,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('stop_position')
    .execute();

  return rows.length > 0;
};

export type LateNoticeRow = {
  route_id: string;
  direction: TripDirection;
  stop_position: number;
  minutes_late: number;
  eta: Date;
  notified_at: Date;
};

/** The late notices of these routes' trips on one day. */
export const lateNoticesOn = async (
  em: SqlEntityManager,
  tenantId: string,
  routeIds: readonly string[],
  date: string,
): Promise<LateNoticeRow[]> =>
  routeIds.length === 0
    ? []
    : db(em)
        .selectFrom('transport_late_notice')
        .select(['route_id', 'direction', 'stop_position', 'minutes_late', 'eta', 'notified_at'])
        .where('tenant_id', '=', tenantId)
        .where('trip_date', '=', date)
        .where('route_id', 'in', routeIds)
        .execute();
