import type { SqlEntityManager } from '@mikro-orm/sql';
import { databaseNow, db } from '../kysely.ts';

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
      updated_at: databaseNow,
    })
    .onConflict((conflict) =>
      conflict.column('route').doUpdateSet((eb) => {
        const opensNow = eb.and([eb('webhook_route_state.paused_at', 'is', null), eb(eb('webhook_route_state.consecutive_failures', '+', 1), '>=', threshold)]);

        return {
          consecutive_failures: eb('webhook_route_state.consecutive_failures', '+', 1),
          paused_at: eb.case().when(opensNow).then(databaseNow).else(eb.ref('webhook_route_state.paused_at')).end(),
          paused_reason: eb.case().when(opensNow).then(eb.ref('excluded.paused_reason')).else(eb.ref('webhook_route_state.paused_reason')).end(),
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
      .set({ consecutive_failures: 0, paused_at: null, paused_reason: null, updated_at: databaseNow })
      .where('route', '=', route)
      // The subquery reads the row as it was before this update.
      .returning((eb) => eb.selectFrom('webhook_route_state as before').select('before.paused_at').where('before.route', '=', route).as('was'))
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

export type RouteBreakerRow = { route: string; consecutive_failures: number; paused_at: Date | null; paused_reason: string | null };

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
