import type { SqlEntityManager } from '@mikro-orm/sql';
import { grantSize, remainingInWindow, takeFromWindow } from '@switchyard/domain/webhooks/rate-limit-window';
import { db } from '../kysely.ts';

const WINDOW_MS = 60_000;

export type SharedRateTake = { granted: number; retryAfterSeconds: number };

const windowStartOf = (nowMs: number): number => nowMs - (nowMs % WINDOW_MS);

/**
 * Takes allowance of a route's rate limit from the count every gateway of the database shares:
 * what `wanted` requests need plus a share of what is left for a gateway of `processes` HTTP
 * processes (`grantSize`), under the lock of the route's current minute row, so that gateways
 * asking at once are counted one after the other and never hand out more than the limit.
 */
export const takeSharedRateAllowance = (
  em: SqlEntityManager,
  request: { route: string; limit: number; wanted: number; processes: number; nowMs: number },
): Promise<SharedRateTake> =>
  em.transactional(async (tx) => {
    const start = windowStartOf(request.nowMs);
    const created = await db(tx)
      .insertInto('webhook_rate_window')
      .values({ route: request.route, window_start: new Date(start), hits: 0 })
      .onConflict((conflict) => conflict.columns(['route', 'window_start']).doNothing())
      .returning('hits')
      .executeTakeFirst();
    if (created !== undefined) {
      // A new minute: only the one before it still weighs in.
      await db(tx)
        .deleteFrom('webhook_rate_window')
        .where('route', '=', request.route)
        .where('window_start', '<', new Date(start - WINDOW_MS))
        .execute();
    }
    const current = await db(tx)
      .selectFrom('webhook_rate_window')
      .select('hits')
      .where('route', '=', request.route)
      .where('window_start', '=', new Date(start))
      .forUpdate()
      .executeTakeFirstOrThrow();
    const previous = await db(tx)
      .selectFrom('webhook_rate_window')
      .select('hits')
      .where('route', '=', request.route)
      .where('window_start', '=', new Date(start - WINDOW_MS))
      .executeTakeFirst();
    const window = { start, current: current.hits, previous: previous?.hits ?? 0 };
    const size = grantSize(request.wanted, remainingInWindow(window, request.limit, request.nowMs), request.processes);
    const taken = takeFromWindow(window, request.limit, size, request.nowMs);
    if (taken.granted > 0) {
      await db(tx)
        .updateTable('webhook_rate_window')
        .set({ hits: window.current })
        .where('route', '=', request.route)
        .where('window_start', '=', new Date(start))
        .execute();
    }

    return taken;
  });

/** Returns allowance taken at `takenAtMs` but not used, while its minute is still the current one. */
export const giveBackSharedRateAllowance = async (
  em: SqlEntityManager,
  request: { route: string; count: number; takenAtMs: number; nowMs: number },
): Promise<void> => {
  const start = windowStartOf(request.nowMs);
  if (windowStartOf(request.takenAtMs) !== start) {
    return;
  }
  await db(em)
    .updateTable('webhook_rate_window')
    .set((eb) => ({ hits: eb.fn('greatest', [eb.lit(0), eb('hits', '-', request.count)]) }))
    .where('route', '=', request.route)
    .where('window_start', '=', new Date(start))
    .execute();
};
