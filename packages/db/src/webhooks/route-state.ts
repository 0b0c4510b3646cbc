import type { SqlEntityManager } from '@mikro-orm/sql';
import type { PausedBy } from '@switchyard/domain/webhooks/route-pause';
import { databaseNow, db, type TableRow } from '../kysely.ts';

/**
 * Each route's circuit breaker: consecutive failed attempts at its target. When they reach the
 * threshold the route is paused: its queued deliveries stay queued and are not claimed until
 * `webhook resume` closes the breaker again.
 */

export type BreakerUpdate = { failures: number; opened: boolean };

/** A failed attempt at the route's target. `opened` is true for the one attempt that paused the route. */
export const recordTargetFailure = async (
  em: SqlEntityManager,
  route: string,
  threshold: number,
  reason: string,
): Promise<BreakerUpdate> => {
  // The first failure of a route opens the breaker at once when the threshold is 1.
  const opensAtFirst = threshold <= 1;
  const row = await db(em)
    .insertInto('webhook_route_state')
    .values({
      route,
      consecutive_failures: 1,
      paused_at: opensAtFirst ? databaseNow : null,
      paused_reason: opensAtFirst ? reason : null,
      paused_by: opensAtFirst ? 'breaker' : null,
      updated_at: databaseNow,
    })
    .onConflict((conflict) =>
      conflict.column('route').doUpdateSet((eb) => {
        const opensNow = eb.and([
          eb('webhook_route_state.paused_at', 'is', null),
          eb(eb('webhook_route_state.consecutive_failures', '+', 1), '>=', threshold),
        ]);

        return {
          consecutive_failures: eb('webhook_route_state.consecutive_failures', '+', 1),
          paused_at: eb.case().when(opensNow).then(databaseNow).else(eb.ref('webhook_route_state.paused_at')).end(),
          // The inserted row's reason is null unless it opened at once, so the reason is passed again.
          paused_reason: eb.case().when(opensNow).then(eb.val(reason)).else(eb.ref('webhook_route_state.paused_reason')).end(),
          paused_by: eb.case().when(opensNow).then<PausedBy>('breaker').else(eb.ref('webhook_route_state.paused_by')).end(),
          updated_at: databaseNow,
        };
      }),
    )
    // now() is the transaction's start time, so a breaker paused by this statement reads equal to it.
    .returning((eb) => ['consecutive_failures', eb.and([eb('paused_at', 'is not', null), eb('paused_at', '=', databaseNow)]).as('opened')])
    .executeTakeFirst();

  return { failures: Number(row?.consecutive_failures ?? 0), opened: row?.opened === true };
};

/** A successful attempt: the count starts over (no write when it is already zero). */
export const recordTargetSuccess = async (em: SqlEntityManager, route: string): Promise<void> => {
  await db(em)
    .updateTable('webhook_route_state')
    .set({ consecutive_failures: 0, updated_at: databaseNow })
    .where('route', '=', route)
    .where('consecutive_failures', '>', 0)
    .where('paused_at', 'is', null)
    .execute();
};

export type RouteResume = { wasPaused: boolean; queued: number };

/**
 * Closes the breaker and makes the route's queued deliveries due now (a backlog waiting for its
 * next retry goes at once). Answers whether it was paused and how many deliveries are queued.
 */
export const resumeRoute = async (em: SqlEntityManager, route: string): Promise<RouteResume> =>
  em.transactional(async (tx) => {
    const paused = await db(tx)
      .updateTable('webhook_route_state')
      .set({
        consecutive_failures: 0,
        paused_at: null,
        paused_reason: null,
        paused_by: null,
        reject_while_paused: false,
        updated_at: databaseNow,
      })
      .where('route', '=', route)
      // The subquery reads the row as it was before this update.
      .returning((eb) =>
        eb.selectFrom('webhook_route_state as before').select('before.paused_at').where('before.route', '=', route).as('was'),
      )
      .executeTakeFirst();
    const queued = await db(tx)
      .updateTable('webhook_delivery')
      .set((eb) => ({ next_attempt_at: eb.fn<Date>('least', ['next_attempt_at', databaseNow]), updated_at: databaseNow }))
      .where('route', '=', route)
      .where('status', '=', 'queued')
      .returning('id')
      .execute();

    return { wasPaused: paused?.was !== null && paused?.was !== undefined, queued: queued.length };
  });

export type RouteBreakerRow = Pick<TableRow<'webhook_route_state'>, 'route' | 'consecutive_failures' | 'paused_at' | 'paused_reason'>;

/** The route's breaker row; null when the route never had one. The CLI's answer is apps/api's. */
export const readRouteBreaker = async (em: SqlEntityManager, route: string): Promise<RouteBreakerRow | null> =>
  (await db(em)
    .selectFrom('webhook_route_state')
    .select(['route', 'consecutive_failures', 'paused_at', 'paused_reason'])
    .where('route', '=', route)
    .executeTakeFirst()) ?? null;

/**
 * Fails the route's queued deliveries with `reason` (its subscription was removed): they would
 * otherwise wait for a route that no longer exists, forever when its breaker is open. Running ones
 * finish their attempt; the worker fails them on their next one. Answers how many were failed.
 */
export const failQueuedDeliveries = async (em: SqlEntityManager, route: string, reason: string): Promise<number> => {
  const rows = await db(em)
    .updateTable('webhook_delivery')
    .set({ status: 'failed', last_error: reason, finished_at: databaseNow, updated_at: databaseNow })
    .where('route', '=', route)
    .where('status', '=', 'queued')
    .where('follows_route', '=', true)
    .returning('id')
    .execute();

  return rows.length;
};

export type RoutePause = { wasPaused: boolean; queued: number };

/**
 * Pauses a route by hand: its deliveries stay queued (and new events are queued too, or refused
 * when `rejectWhilePaused`) until `webhook resume`. A route already paused by its breaker is
 * marked paused by hand from now on, with the new reason; `paused_at` keeps when it first paused.
 */
export const pauseRoute = async (
  em: SqlEntityManager,
  route: string,
  reason: string | null,
  rejectWhilePaused: boolean,
): Promise<RoutePause> =>
  em.transactional(async (tx) => {
    const before = await db(tx).selectFrom('webhook_route_state').select('paused_at').where('route', '=', route).executeTakeFirst();
    await db(tx)
      .insertInto('webhook_route_state')
      .values({
        route,
        consecutive_failures: 0,
        paused_at: databaseNow,
        paused_reason: reason,
        paused_by: 'hand',
        reject_while_paused: rejectWhilePaused,
        updated_at: databaseNow,
      })
      .onConflict((conflict) =>
        conflict.column('route').doUpdateSet((eb) => ({
          paused_at: eb.fn.coalesce('webhook_route_state.paused_at', databaseNow),
          paused_reason: eb.ref('excluded.paused_reason'),
          paused_by: 'hand',
          reject_while_paused: eb.ref('excluded.reject_while_paused'),
          updated_at: databaseNow,
        })),
      )
      .execute();
    const queued = await db(tx)
      .selectFrom('webhook_delivery')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('route', '=', route)
      .where('status', '=', 'queued')
      .executeTakeFirst();

    return { wasPaused: before?.paused_at !== null && before?.paused_at !== undefined, queued: Number(queued?.n ?? 0) };
  });

/** A route's state for `webhook list`: its pause, its queue and its last finished delivery. */
export type RouteStateRow = {
  route: string;
  pausedAt: Date | null;
  pausedBy: PausedBy | null;
  pausedReason: string | null;
  rejectWhilePaused: boolean;
  failures: number;
  queued: number;
  last: { status: string; finishedAt: Date | null; error: string | null } | null;
};

const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

/** The state of each named route (a route never paused nor delivered to reads active and empty). */
export const readRouteStates = async (em: SqlEntityManager, routes: readonly string[]): Promise<RouteStateRow[]> => {
  if (routes.length === 0) {
    return [];
  }
  // Hand-written: one row per name from a JSON array parameter, each with a lateral read of its newest
  // finished delivery along the (route, created_at) index.
  const rows = await em.execute<Record<string, unknown>[]>(
    `select r.route, s.paused_at, s.paused_by, s.paused_reason, coalesce(s.reject_while_paused, false) as reject_while_paused,
            coalesce(s.consecutive_failures, 0) as failures,
            (select count(*) from webhook_delivery q where q.route = r.route and q.status = 'queued') as queued,
            l.status as last_status, l.finished_at as last_finished_at, l.last_error as last_error
       from json_array_elements_text(?::json) as r(route)
       left join webhook_route_state s on s.route = r.route
       left join lateral (
         select d.status, d.finished_at, d.last_error from webhook_delivery d
          where d.route = r.route and d.status in ('delivered', 'failed')
          order by d.created_at desc limit 1) l on true`,
    [JSON.stringify(routes)],
  );

  return rows.map((row) => ({
    route: String(row.route),
    pausedAt: dateOrNull(row.paused_at),
    pausedBy: row.paused_by === 'hand' || row.paused_by === 'breaker' ? row.paused_by : row.paused_at === null ? null : 'breaker',
    pausedReason: typeof row.paused_reason === 'string' ? row.paused_reason : null,
    rejectWhilePaused: row.reject_while_paused === true,
    failures: Number(row.failures),
    queued: Number(row.queued),
    last:
      row.last_status === null || row.last_status === undefined
        ? null
        : {
            status: String(row.last_status),
            finishedAt: dateOrNull(row.last_finished_at),
            error: typeof row.last_error === 'string' ? row.last_error : null,
          },
  }));
};

export type PausedRoute = { pausedBy: PausedBy; reason: string | null; rejectWhilePaused: boolean };

/** The paused routes: by whom, why, and whether each refuses new events (--reject-while-paused). */
export const readPausedRoutes = async (em: SqlEntityManager): Promise<Map<string, PausedRoute>> => {
  const rows = await db(em)
    .selectFrom('webhook_route_state')
    .select(['route', 'paused_by', 'paused_reason', 'reject_while_paused'])
    .where('paused_at', 'is not', null)
    .execute();

  return new Map(
    rows.map((row) => [
      row.route,
      {
        // A pause without its author reads as the breaker's, as the migration that added the column set older ones.
        pausedBy: row.paused_by ?? 'breaker',
        reason: row.paused_reason ?? null,
        rejectWhilePaused: row.reject_while_paused === true,
      },
    ]),
  );
};
