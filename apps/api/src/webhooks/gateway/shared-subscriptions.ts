import type { Database } from '@switchyard/db/orm';
import {
  publishSubscription,
  readSharedSubscriptions,
  subscriptionVersions,
  type SharedSubscription,
} from '@switchyard/db/webhooks/shared-subscriptions';
import type { Logger } from '../../logger.ts';
import { whenFileLockFree } from './file-lock.ts';
import {
  changeLockedSubscriptions,
  holdingSubscriptionsLock,
  updateSubscriptions,
  type SubscriptionsDocument,
} from './subscriptions-file.ts';

/** How often a gateway asks the database for subscriptions changed on another machine. */
export const SUBSCRIPTION_SYNC_MS = 500;

const sameEntry = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes subscriptions of the database into the local subscriptions file: a row replaces the
 * file's entry of its name, a removed one deletes it; names the database does not hold stay as
 * the file has them. The file is rewritten only when something differs; the caller holds its lock.
 */
const applySharedSubscriptions = (path: string, rows: SharedSubscription[]): string[] =>
  changeLockedSubscriptions(path, (document) => {
    const changed: string[] = [];
    for (const row of rows) {
      const present = Object.hasOwn(document, row.name);
      if (row.entry === null) {
        if (present) {
          delete document[row.name];
          changed.push(row.name);
        }
      } else if (!present || !sameEntry(document[row.name], row.entry)) {
        document[row.name] = row.entry;
        changed.push(row.name);
      }
    }

    return { write: changed.length > 0, result: changed };
  });

/**
 * A CLI change of one subscription, on every machine of the database: the file is first brought
 * up to the database (so a subscription made elsewhere is found, with its secret), then changed
 * as on one machine, then the entry as written (or its removal) is recorded for the other
 * gateways. The file's lock is held from the first read to the record, so this machine's gateway
 * cannot write rows it read before the record over the change. Without a shared database (no
 * DATABASE_URL) it is the file change alone.
 */
export const changeSharedSubscription = async <T>(
  db: Database | null,
  path: string,
  name: string,
  change: (document: SubscriptionsDocument) => { write: boolean; result: T },
): Promise<T> => {
  if (db === null) {
    return updateSubscriptions(path, change);
  }

  return holdingSubscriptionsLock(path, async () => {
    applySharedSubscriptions(path, await readSharedSubscriptions(db.fork()));
    let written: Record<string, unknown> | null = null;
    let wrote = false;
    const result = changeLockedSubscriptions(path, (document) => {
      const outcome = change(document);
      wrote = outcome.write;
      written = Object.hasOwn(document, name) ? (document[name] ?? null) : null;

      return outcome;
    });
    if (wrote) {
      await publishSubscription(db.fork(), name, written);
    }

    return result;
  });
};

export type SubscriptionSync = {
  /** One pass now: what it took from the database, or `busy` when a command held the file. */
  runOnce(): Promise<{ busy: boolean; changed: string[] }>;
  stop(): Promise<void>;
};

/**
 * Keeps a gateway's subscriptions file up to the database: every SUBSCRIPTION_SYNC_MS it compares
 * each row's version with the one it applied and writes the changed rows into the file, which
 * the route table re-reads on the next request. The first pass writes every row, so a gateway
 * started after a change has it too. A pass holds the file's lock from its read of the database to
 * its write, so that a CLI change made meanwhile on this machine is not overwritten by the rows
 * read before it; when a command holds the lock the pass is left to the next one (a server does
 * not wait on a file lock). A failed pass (database away) is logged and tried again at the next.
 */
export const startSubscriptionSync = (options: {
  db: Database;
  path: string;
  logger: Logger;
  intervalMs?: number;
  /** No timer: passes run only when `runOnce()` is called (tests step it). */
  stepped?: boolean;
}): SubscriptionSync => {
  const { db, path, logger } = options;
  const intervalMs = options.intervalMs ?? SUBSCRIPTION_SYNC_MS;
  const applied = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let pass: Promise<void> = Promise.resolve();
  let failing = false;

  const syncOnce = async (): Promise<{ busy: boolean; changed: string[] }> => {
    const outcome = await whenFileLockFree(path, async () => {
      const versions = await subscriptionVersions(db.fork());
      const due = [...versions].filter(([name, version]) => applied.get(name) !== version).map(([name]) => name);
      if (due.length === 0) {
        return [];
      }
      const rows = await readSharedSubscriptions(db.fork(), due);
      const changed = applySharedSubscriptions(path, rows);
      for (const row of rows) {
        applied.set(row.name, row.version);
      }

      return changed;
    });
    if (!outcome.held) {
      return { busy: true, changed: [] };
    }
    if (outcome.result.length > 0) {
      logger.info({ subscriptions: outcome.result }, 'webhook subscriptions taken from the database');
    }

    return { busy: false, changed: outcome.result };
  };

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      pass = syncOnce()
        .then(() => {
          if (failing) {
            logger.info('webhook subscriptions in sync with the database again');
          }
          failing = false;
        })
        .catch((error: unknown) => {
          if (!failing) {
            logger.error({ err: (error as Error).message }, 'webhook subscriptions not taken from the database; trying again');
          }
          failing = true;
        })
        .finally(() => {
          if (!stopped) {
            schedule(intervalMs);
          }
        });
    }, delayMs);
    timer.unref();
  };
  if (options.stepped !== true) {
    schedule(0);
  }

  return {
    runOnce: syncOnce,
    stop: async () => {
      stopped = true;
      if (timer !== null) {
        clearTimeout(timer);
      }
      await pass;
    },
  };
};
