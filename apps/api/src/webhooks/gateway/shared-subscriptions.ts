import type { Database } from '@switchyard/db/orm';
import {
  publishSubscription,
  readSharedSubscriptions,
  subscriptionVersions,
  type SharedSubscription,
} from '@switchyard/db/webhooks/shared-subscriptions';
import type { Logger } from '../../logger.ts';
import { updateSubscriptions, type SubscriptionsDocument } from './subscriptions-file.ts';

/** How often a gateway asks the database for subscriptions changed on another machine. */
export const SUBSCRIPTION_SYNC_MS = 500;

const sameEntry = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes subscriptions of the database into the local subscriptions file: a row replaces the
 * file's entry of its name, a removed one deletes it; names the database does not hold stay as
 * the file has them. The file is rewritten (under its lock) only when something differs.
 */
export const applySharedSubscriptions = (path: string, rows: SharedSubscription[]): string[] =>
  updateSubscriptions(path, (document) => {
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
 * gateways. Without a shared database (no DATABASE_URL) it is the file change alone.
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
  applySharedSubscriptions(path, await readSharedSubscriptions(db.fork()));
  let written: Record<string, unknown> | null = null;
  let wrote = false;
  const result = updateSubscriptions(path, (document) => {
    const outcome = change(document);
    wrote = outcome.write;
    written = Object.hasOwn(document, name) ? (document[name] ?? null) : null;

    return outcome;
  });
  if (wrote) {
    await publishSubscription(db.fork(), name, written);
  }

  return result;
};

export type SubscriptionSync = { stop(): Promise<void> };

/**
 * Keeps a gateway's subscriptions file up to the database: every SUBSCRIPTION_SYNC_MS it compares
 * each row's version with the one it applied and writes the changed rows into the file, which
 * the route table re-reads on the next request. The first pass writes every row, so a gateway
 * started after a change has it too. A failed pass (database away, file locked) is logged and
 * tried again at the next.
 */
export const startSubscriptionSync = (options: { db: Database; path: string; logger: Logger; intervalMs?: number }): SubscriptionSync => {
  const { db, path, logger } = options;
  const intervalMs = options.intervalMs ?? SUBSCRIPTION_SYNC_MS;
  const applied = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let pass: Promise<void> = Promise.resolve();
  let failing = false;

  const syncOnce = async () => {
    const versions = await subscriptionVersions(db.fork());
    const due = [...versions].filter(([name, version]) => applied.get(name) !== version).map(([name]) => name);
    if (due.length === 0) {
      return;
    }
    const rows = await readSharedSubscriptions(db.fork(), due);
    const changed = applySharedSubscriptions(path, rows);
    for (const row of rows) {
      applied.set(row.name, row.version);
    }
    if (changed.length > 0) {
      logger.info({ subscriptions: changed }, 'webhook subscriptions taken from the database');
    }
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
  schedule(0);

  return {
    stop: async () => {
      stopped = true;
      if (timer !== null) {
        clearTimeout(timer);
      }
      await pass;
    },
  };
};
