import type { Database } from '@switchyard/db/orm';
import { recordSentParts } from '@switchyard/db/webhooks/delivery-queue/lease';
import type { Logger } from '../../logger.ts';

/**
 * Stores a delivery's progress through a split message. A failed write is logged and the message
 * goes on: at worst a retry posts a part again, rather than the delivery failing over bookkeeping.
 */
export const sentPartsRecorder =
  (db: Database, deliveryId: string, workerId: string, logger: Logger) =>
  async (receipts: readonly string[]): Promise<void> => {
    try {
      await recordSentParts(db.fork(), deliveryId, workerId, receipts);
    } catch (error) {
      logger.warn({ delivery_id: deliveryId, err: (error as Error).message }, 'webhook delivery progress not recorded');
    }
  };
