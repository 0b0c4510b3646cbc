import type { Database } from '@switchyard/db/orm';
import { readPausedRoutes } from '@switchyard/db/webhooks/route-state';
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../logger.ts';

export type PauseGate = {
  /** The route's pause as last read (at most `checkMs` old), or null when it is not paused. */
  pauseOf(route: string): Promise<{ rejectWhilePaused: boolean } | null>;
};

/**
 * The receiver's view of paused routes: one small read of webhook_route_state shared by all
 * requests for `checkMs` (0: every request reads it), so the hot path pays a map lookup. Read
 * failures keep the last view: an event of a route paused meanwhile is then queued, never lost.
 */
export const createPauseGate = (db: Database, checkMs: number, logger: Logger, clock: Clock): PauseGate => {
  let paused = new Map<string, { rejectWhilePaused: boolean }>();
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | null = null;

  const refresh = (): Promise<void> =>
    (reading ??= readPausedRoutes(db.fork())
      .then((rows) => {
        paused = rows;
        readAt = clock.now();
      })
      .catch((error: unknown) => logger.warn({ err: (error as Error).message }, 'paused webhook routes not read'))
      .finally(() => {
        reading = null;
      }));

  return {
    pauseOf: async (route) => {
      if (checkMs === 0 || clock.now() - readAt >= checkMs) {
        await refresh();
      }

      return paused.get(route) ?? null;
    },
  };
};
