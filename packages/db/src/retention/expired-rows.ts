import type { SqlEntityManager } from '@mikro-orm/sql';
import { OPEN_STATUSES } from '@switchyard/domain/claims/vocabulary';

/**
 * One bounded batch of each kind of expired data: every statement touches at most `limit` rows
 * (the oldest first) and answers how many it touched, so the sweep repeats it until a batch comes
 * back short and no statement holds its locks for long. Hand-written: the query builder has no
 * `ctid`, and a statement keyed by it serves the tables without a single-column key alike.
 */

type Expiring = { table: string; column: string; where?: string };

/** Positions and what was derived from them, by the time each row was recorded. */
export const POSITION_TABLES = {
  eta_snapshots: { table: 'transport_eta_snapshot', column: 'made_at' },
  stop_arrivals: { table: 'transport_stop_arrival', column: 'arrived_at' },
  late_notices: { table: 'transport_late_notice', column: 'notified_at' },
  near_stop: { table: 'transport_bus_near_stop', column: 'since' },
} as const satisfies Record<string, Expiring>;

const LIVE_WATCH: Expiring = { table: 'transport_audit_log', column: 'created_at', where: "action = 'live.watch'" };

const deleteOldest = async (em: SqlEntityManager, expiring: Expiring, cutoff: Date, limit: number): Promise<number> => {
  const extra = expiring.where ? ` and ${expiring.where}` : '';
  const rows = await em.execute<unknown[]>(
    `delete from ${expiring.table} where ctid = any(array(
       select ctid from ${expiring.table} where ${expiring.column} < ?${extra} order by ${expiring.column} limit ?
     )) returning 1`,
    [cutoff, limit],
  );

  return rows.length;
};

export const deleteExpiredPositionRows = (
  em: SqlEntityManager,
  kind: keyof typeof POSITION_TABLES,
  cutoff: Date,
  limit: number,
): Promise<number> => deleteOldest(em, POSITION_TABLES[kind], cutoff, limit);

export const deleteExpiredLiveWatchRows = (em: SqlEntityManager, cutoff: Date, limit: number): Promise<number> =>
  deleteOldest(em, LIVE_WATCH, cutoff, limit);

/** A bus not heard from since `cutoff` forgets where it was last seen, as if it had never reported. */
export const forgetStaleBusPositions = async (em: SqlEntityManager, cutoff: Date, limit: number): Promise<number> => {
  const rows = await em.execute<unknown[]>(
    `update transport_bus set lat = null, lng = null, heading = null, speed = null, last_update = null
     where ctid = any(array(select ctid from transport_bus where last_update < ? order by last_update limit ?))
     returning 1`,
    [cutoff, limit],
  );

  return rows.length;
};

const OPEN_LIST = OPEN_STATUSES.map(() => '?').join(', ');

/** The claims closed before the cutoff (date_resolved, or the last change of a rejected claim): claimContentExpired in SQL. */
const EXPIRED_CLAIMS = `select c.id from claims_claim c
  where c.status not in (${OPEN_LIST}) and coalesce(c.date_resolved, c.updated_at) < ?`;

/** Messages and notes of claims closed before `cutoff`. */
export const deleteExpiredClaimNotes = async (em: SqlEntityManager, cutoff: Date, limit: number): Promise<number> => {
  const rows = await em.execute<unknown[]>(
    `delete from claims_note where id = any(array(
       select n.id from claims_note n where n.claim_id in (${EXPIRED_CLAIMS}) limit ?
     )) returning 1`,
    [...OPEN_STATUSES, cutoff, limit],
  );

  return rows.length;
};

/**
 * Document rows of claims closed before `cutoff`, removed; answers the stored names whose bytes the
 * caller removes from the store next. Bytes whose removal then fails are named by no row, and the
 * sweep of interrupted uploads removes them later.
 */
export const deleteExpiredClaimDocuments = async (em: SqlEntityManager, cutoff: Date, limit: number): Promise<string[]> => {
  const rows = await em.execute<{ storage_name: string }[]>(
    `delete from claims_document where id = any(array(
       select d.id from claims_document d where d.claim_id in (${EXPIRED_CLAIMS}) limit ?
     )) returning storage_name`,
    [...OPEN_STATUSES, cutoff, limit],
  );

  return rows.map((row) => row.storage_name);
};
