import type { Database } from '@switchyard/db/orm';
import { recordTargetFailure, recordTargetSuccess } from '@switchyard/db/webhooks/route-state';
import type { ClaimedDelivery } from '@switchyard/db/webhooks/delivery-queue/claim';
import { isChatTarget } from '@switchyard/domain/webhooks/delivery-targets';
import type { Logger } from '../../logger.ts';
import type { DeliverMessage } from './deliver-message.ts';

export type RouteBreaker = {
  /** The target accepted a message of the route. */
  succeeded(job: ClaimedDelivery): Promise<void>;
  /** The target refused or could not be reached. */
  failed(job: ClaimedDelivery, reason: string): Promise<void>;
};

/**
 * The circuit breaker of each route's target: after `threshold` consecutive failed attempts the
 * route pauses (its deliveries stay queued) until `switchyard webhook resume`. The attempt that
 * opens it writes one notice to the log and, for a chat target, tries one message there (which
 * may well fail too: the target is what is failing).
 */
export const createRouteBreaker = (options: { db: Database; logger: Logger; deliver: DeliverMessage; threshold: number }): RouteBreaker => {
  const { db, logger, threshold } = options;

  return {
    succeeded: async (job) => {
      await recordTargetSuccess(db.fork(), job.route);
    },
    failed: async (job, reason) => {
      const update = await recordTargetFailure(db.fork(), job.route, threshold, reason.slice(0, 500));
      if (!update.opened) {
        return;
      }
      const notice =
        `Webhook route "${job.route}" paused after ${update.failures} consecutive failed deliveries to ${job.target} ` +
        `(last: ${reason.slice(0, 200)}). Its deliveries stay queued; resume with: switchyard webhook resume ${job.route}`;
      logger.warn({ route: job.route, target: job.target, failures: update.failures, breaker: 'open' }, notice);
      if (isChatTarget(job.target) && job.chatId !== null) {
        await options
          .deliver({
            deliveryId: `${job.id}-breaker`,
            route: job.route,
            target: job.target,
            chatId: job.chatId,
            text: notice,
            payload: job.payload,
            source: job.source,
            sentParts: [],
            recordSentParts: async () => undefined,
          })
          .catch((error: unknown) => logger.warn({ route: job.route, err: (error as Error).message }, 'breaker notice not sent'));
      }
    },
  };
};
