import type { Database } from '@switchyard/db/orm';
import { enqueueDeliveries, type NewDelivery } from '@switchyard/db/webhooks/delivery-queue';

type Waiting = { delivery: NewDelivery; resolve: (stored: boolean) => void; reject: (error: unknown) => void };

const MAX_BATCH = 200;

/**
 * Gathers the events accepted during one turn of the event loop and stores them with one
 * statement, so that under load one commit covers many requests. Each request still gets its
 * answer only after its own row is committed.
 */
export const createEnqueueBatcher = (db: Database) => {
  let waiting: Waiting[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, MAX_BATCH);
      waiting = waiting.slice(MAX_BATCH);
      enqueueDeliveries(
        db.fork(),
        batch.map((item) => item.delivery),
      ).then(
        (stored) => batch.forEach((item) => item.resolve(stored.has(item.delivery.id))),
        (error: unknown) => batch.forEach((item) => item.reject(error)),
      );
    }
  };

  /** Stores the event; answers false when it is a duplicate. */
  return (delivery: NewDelivery): Promise<boolean> =>
    new Promise((resolve, reject) => {
      waiting.push({ delivery, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
};
