import type { Database } from '@switchyard/db/orm';
import { readPausedRoutes, type PausedRoute } from '@switchyard/db/webhooks/route-state';
import type { Logger } from '../../logger.ts';

/**
 * Writes a route's pause and resume to the gateway's log as the worker sees them change, whoever
 * made the change (its breaker, `webhook pause`, `webhook resume` from another process): a warn
 * line when a route is paused, an info line when it delivers again.
 */
export const createPauseWatch = (db: Database, logger: Logger): { check(): Promise<void> } => {
  let known: Map<string, PausedRoute> | null = null;

  return {
    check: async () => {
      const now = await readPausedRoutes(db.fork());
      for (const [route, pause] of now) {
        const before = known?.get(route);
        if (before === undefined || before.pausedBy !== pause.pausedBy) {
          logger.warn(
            {
              route,
              paused_by: pause.pausedBy,
              reason: pause.reason,
              reject_while_paused: pause.rejectWhilePaused,
              breaker: pause.pausedBy === 'breaker' ? 'open' : undefined,
            },
            `webhook route "${route}" is paused by ${pause.pausedBy}; its deliveries wait until: switchyard webhook resume ${route}`,
          );
        }
      }
      for (const route of known?.keys() ?? []) {
        if (!now.has(route)) {
          logger.info({ route, breaker: 'closed' }, `webhook route "${route}" resumed; its queued deliveries go out`);
        }
      }
      known = now;
    },
  };
};
