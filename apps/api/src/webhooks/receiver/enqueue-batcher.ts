import type { Database } from '@switchyard/db/orm';
import { enqueueDeliveries, enqueueDeliveriesNative, type NativePgPool } from '@switchyard/db/webhooks/delivery-queue/enqueue';
import type { NewDelivery } from '@switchyard/db/webhooks/delivery-queue/new-delivery';
import { originOfQueuedWork } from '../../ops/queued-work.ts';

type Waiting = { delivery: NewDelivery; resolve: (stored: boolean) => void; reject: (error: unknown) => void };

const MAX_BATCH = 500;
/**
 * Statements in flight at once. While they run, newly accepted events wait and go together in
 * the next one: under load batches grow instead of statements queueing up, and PostgreSQL
 * flushes one commit for many requests. More than one keeps a slow commit from stalling all.
 */
const MAX_IN_FLIGHT = 2;

type Store = (deliveries: readonly NewDelivery[]) => Promise<Set<string>>;

/** On PostgreSQL the `pg` pool under the ORM, with a prepared statement; PGlite goes through the ORM. */
const storeFor = (db: Database): Store => {
  if (db.kind !== 'postgresql') {
    return (deliveries) => enqueueDeliveries(db.fork(), deliveries);
  }
  let pool: Promise<NativePgPool> | null = null;

  return async (deliveries) => {
    pool ??= db.em.getConnection().getNativeClient() as Promise<NativePgPool>;

    return enqueueDeliveriesNative(await pool, deliveries);
  };
};

/**
 * Gathers the events accepted by concurrent requests and stores them with one statement, so that
 * under load one commit covers many requests. Each request still gets its answer only after the
 * statement holding its row has committed.
 */
export const createEnqueueBatcher = (db: Database) => {
  const store = storeFor(db);
  let waiting: Waiting[] = [];
  let scheduled = false;
  let inFlight = 0;

  const settle = (batch: Waiting[], stored: Set<string>) => {
    for (const item of batch) {
      item.resolve(stored.has(item.delivery.id));
    }
  };

  /** A row PostgreSQL refuses (say a payload its JSON parser rejects) fails its own request only. */
  const storeEachAlone = async (batch: Waiting[]) => {
    await Promise.all(
      batch.map(async (item) => {
        try {
          settle([item], await store([item.delivery]));
        } catch (error) {
          item.reject(error);
        }
      }),
    );
  };

  const run = async (batch: Waiting[]) => {
    try {
      settle(batch, await store(batch.map((item) => item.delivery)));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
      } else {
        await storeEachAlone(batch);
      }
    } finally {
      inFlight -= 1;
      flush();
    }
  };

  function flush() {
    scheduled = false;
    while (waiting.length > 0 && inFlight < MAX_IN_FLIGHT) {
      const batch = waiting.length <= MAX_BATCH ? waiting : waiting.slice(0, MAX_BATCH);
      waiting = waiting.length <= MAX_BATCH ? [] : waiting.slice(MAX_BATCH);
      inFlight += 1;
      void run(batch);
    }
  }

  /** Stores the event with the request that accepted it (its id and trace); answers false when it is a duplicate. */
  return (delivery: NewDelivery): Promise<boolean> =>
    new Promise((resolve, reject) => {
      waiting.push({ delivery: { ...delivery, origin: originOfQueuedWork() }, resolve, reject });
      // Flushed after the current turn's I/O callbacks, so the requests parsed together go together.
      if (!scheduled && inFlight < MAX_IN_FLIGHT) {
        scheduled = true;
        setImmediate(flush);
      }
    });
};
