import type { SqlEntityManager } from '@mikro-orm/sql';

/**
 * Each route's circuit breaker: consecutive failed attempts at its target. When they reach the
 * threshold the route is paused: its queued deliveries stay queued and are not claimed until
 * `webhook resume` closes the breaker again.
 */

type Row = Record<string, unknown>;

export type BreakerUpdate = { failures: number; opened: boolean };

/** A failed attempt at the route's target. `opened` is true for the one attempt that paused the route. */
export const recordTargetFailure = async (
  em: SqlEntityManager,
  route: string,
  threshold: number,
  reason: string,
): Promise<BreakerUpdate> => {
  const rows = await em.execute<Row[]>(
    `insert into webhook_route_state as s (route, consecutive_failures, paused_at, paused_reason, updated_at)
     values (?, 1, case when 1 >= ?::int then now() end, case when 1 >= ?::int then ? end, now())
     on conflict (route) do update
        set consecutive_failures = s.consecutive_failures + 1,
            paused_at = case when s.paused_at is null and s.consecutive_failures + 1 >= ?::int then now() else s.paused_at end,
            paused_reason = case when s.paused_at is null and s.consecutive_failures + 1 >= ?::int then excluded.paused_reason
                                 else s.paused_reason end,
            updated_at = now()
     returning consecutive_failures, (paused_at is not null and paused_at = now()) as opened`,
    [route, threshold, threshold, reason, threshold, threshold],
  );
  const [row] = rows;

  return { failures: Number(row?.consecutive_failures ?? 0), opened: row?.opened === true };
};

/** A successful attempt: the count starts over (no write when it is already zero). */
export const recordTargetSuccess = async (em: SqlEntityManager, route: string): Promise<void> => {
  await em.execute(
    `update webhook_route_state set consecutive_failures = 0, updated_at = now()
      where route = ? and consecutive_failures > 0 and paused_at is null`,
    [route],
  );
};

export type RouteResume = { wasPaused: boolean; queued: number };

/**
 * Closes the breaker and makes the route's queued deliveries due now (a backlog waiting for its
 * next retry goes at once). Answers whether it was paused and how many deliveries are queued.
 */
export const resumeRoute = async (em: SqlEntityManager, route: string): Promise<RouteResume> =>
  em.transactional(async (tx) => {
    const paused = await tx.execute<Row[]>(
      `update webhook_route_state set consecutive_failures = 0, paused_at = null, paused_reason = null, updated_at = now()
        where route = ? returning (select paused_at from webhook_route_state where route = ?) as was`,
      [route, route],
    );
    const queued = await tx.execute<Row[]>(
      `update webhook_delivery set next_attempt_at = least(next_attempt_at, now()), updated_at = now()
        where route = ? and status = 'queued' returning id`,
      [route],
    );

    return { wasPaused: paused[0]?.was !== null && paused[0]?.was !== undefined, queued: queued.length };
  });

export type RouteBreaker = { route: string; failures: number; pausedAt: string | null; reason: string | null };

export const readRouteBreaker = async (em: SqlEntityManager, route: string): Promise<RouteBreaker | null> => {
  const [row] = await em.execute<Row[]>(
    'select route, consecutive_failures, paused_at, paused_reason from webhook_route_state where route = ?',
    [route],
  );
  if (row === undefined) {
    return null;
  }

  return {
    route,
    failures: Number(row.consecutive_failures),
    pausedAt: row.paused_at === null ? null : new Date(row.paused_at as string).toISOString(),
    reason: typeof row.paused_reason === 'string' ? row.paused_reason : null,
  };
};
