import { randomInt } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { databaseNowPlusMs, db } from '../kysely.ts';
import type { Database } from '../orm.ts';
import { destroyConnection, openOwnConnection, type OwnConnection } from '../own-connection.ts';

/**
 * A process's proof of life for the deliveries it leases, on PostgreSQL: a session advisory lock
 * on a connection of its own, whose key is stored on each row it leases (`lease_key`). The lock
 * dies with the connection, which the server drops as soon as the process is killed, so another
 * worker takes such rows back at its next claim instead of waiting for the lease to run out. The
 * lease itself stays as the bound for a process that lives but stops renewing.
 */
export const LEASE_LOCK_CLASS = 0x5377_4c65; // "SwLe"

export type LeaseLock = {
  /** Stored on the rows this process leases; null on the embedded database (one owner, no lock). */
  readonly key: number | null;
  release(): Promise<void>;
};

// Hand-written: a session advisory lock on a connection of its own, which the ORM's pool does not hand out.
const TRY_LOCK = 'select pg_try_advisory_lock($1, $2) as ok';
const RETRY_FIRST_MS = 200;
const RETRY_LAST_MS = 5_000;

/**
 * The lock on a connection of its own (never one of the request pool's, whose slots a lost lock
 * must not use up). Every failure destroys the connection it happened on, so however often the
 * server drops it, at most one connection is held and none is left behind.
 */
const lockOnOwnConnection = async (databaseUrl: string, onLost: (error: Error) => void): Promise<LeaseLock> => {
  let released = false;
  let held: OwnConnection | null = null;
  let key = 0;
  let timer: NodeJS.Timeout | null = null;

  const take = async (wanted: number | null): Promise<boolean> => {
    const connection = await openOwnConnection(databaseUrl, 'webhook lease lock');
    try {
      const candidate = wanted ?? randomInt(1, 2 ** 31 - 1);
      const [row] = (await connection.query(TRY_LOCK, [LEASE_LOCK_CLASS, candidate])).rows;
      if (row?.ok !== true || released) {
        void destroyConnection(connection);

        return row?.ok === true;
      }
      key = candidate;
      held = connection;
      // A dropped connection frees the lock: the rows stay ours, so the same key is taken again.
      let lost = false;
      const lose = (error: Error) => {
        if (lost || held !== connection) {
          return;
        }
        lost = true;
        held = null;
        void destroyConnection(connection);
        onLost(error);
        retake(RETRY_FIRST_MS);
      };
      connection.on('error', lose);
      connection.on('end', () => lose(new Error('the lease lock connection ended')));

      return true;
    } catch (error) {
      void destroyConnection(connection);
      throw error;
    }
  };

  const retake = (delay: number): void => {
    if (released || timer !== null) {
      return;
    }
    timer = setTimeout(() => {
      timer = null;
      take(key).then(
        (ok) => (ok ? undefined : retake(Math.min(delay * 2, RETRY_LAST_MS))),
        () => retake(Math.min(delay * 2, RETRY_LAST_MS)),
      );
    }, delay);
    timer.unref();
  };

  // A random key is taken by another process only by rare chance; then another is drawn.
  while (!(await take(null))) {
    // Try again with a new key.
  }

  return {
    get key() {
      return key;
    },
    release: async () => {
      released = true;
      if (timer !== null) {
        clearTimeout(timer);
        timer = null;
      }
      const connection = held;
      held = null;
      if (connection !== null) {
        // Unlocked explicitly so that the rows are free at once (the server ends a closed session
        // a moment later); bounded by the connection's statement timeout, and the session's end
        // frees the lock anyway if the statement fails.
        await connection.query('select pg_advisory_unlock($1, $2)', [LEASE_LOCK_CLASS, key]).catch(() => undefined);
        await destroyConnection(connection);
      }
    },
  };
};

const shared = new WeakMap<Database, { users: number; lock: Promise<LeaseLock> }>();

/**
 * The lease lock of this process for `db`, shared by its worker and its direct deliveries; released
 * when the last of them lets go.
 */
export const holdLeaseLock = async (db: Database, onLost: (error: Error) => void): Promise<LeaseLock> => {
  if (db.kind !== 'postgresql') {
    return { key: null, release: async () => undefined };
  }
  let entry = shared.get(db);
  if (entry === undefined) {
    if (db.serverUrl === undefined) {
      throw new Error('the lease lock needs the PostgreSQL server URL');
    }
    const lock = lockOnOwnConnection(db.serverUrl, onLost);
    const created = { users: 0, lock };
    // A lock that could not be taken (the server down at start) is not kept for the next caller.
    lock.catch(() => {
      if (shared.get(db) === created) {
        shared.delete(db);
      }
    });
    entry = created;
    shared.set(db, entry);
  }
  entry.users += 1;
  const held = entry;
  const lock = await held.lock;
  let let_go = false;

  return {
    get key() {
      return lock.key;
    },
    release: async () => {
      if (let_go) {
        return;
      }
      let_go = true;
      held.users -= 1;
      if (held.users === 0) {
        shared.delete(db);
        await lock.release();
      }
    },
  };
};

/**
 * Every running delivery's lease ends now. Only for the owner of the embedded database at its
 * start: no other process can be working on its rows, so whatever is still running was left by a
 * process that stopped. Answers how many were taken back.
 */
export const takeBackAllLeases = async (em: SqlEntityManager): Promise<number> => {
  const rows = await db(em)
    .updateTable('webhook_delivery')
    .set({ locked_until: databaseNowPlusMs(-1000) })
    .where('status', '=', 'running')
    .returning('id')
    .execute();

  return rows.length;
};
