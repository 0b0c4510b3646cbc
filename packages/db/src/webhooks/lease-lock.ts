import { randomInt } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { databaseNowPlusMs, db } from '../kysely.ts';
import type { Database } from '../orm.ts';

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

type LockClient = {
  query(sql: string, values?: unknown[]): Promise<{ rows: { ok?: boolean }[] }>;
  release(destroy?: boolean | Error): void;
  on(event: 'error', listener: (error: Error) => void): void;
};
type LockPool = { connect(): Promise<LockClient> };

// Hand-written: a session advisory lock on a connection of its own, which the ORM's pool does not hand out.
const TRY_LOCK = 'select pg_try_advisory_lock($1, $2) as ok';
const RETRY_MS = 1_000;

const lockOnPool = async (pool: LockPool, onLost: (error: Error) => void): Promise<LeaseLock> => {
  let released = false;
  let client: LockClient | null = null;
  let key = 0;

  const take = async (wanted: number | null): Promise<boolean> => {
    const next = await pool.connect();
    const candidate = wanted ?? randomInt(1, 2 ** 31 - 1);
    const [row] = (await next.query(TRY_LOCK, [LEASE_LOCK_CLASS, candidate])).rows;
    if (row?.ok !== true) {
      next.release();

      return false;
    }
    key = candidate;
    client = next;
    // A dropped connection frees the lock: the rows stay ours, so the same key is taken again.
    next.on('error', (error) => {
      // Once released (to the pool, or destroyed), the connection is no longer this lock's.
      if (client !== next || released) {
        return;
      }
      client = null;
      next.release(true);
      onLost(error);
      const retake = (): void => {
        if (released) {
          return;
        }
        take(key)
          .then((ok) => (ok ? undefined : setTimeout(retake, RETRY_MS).unref()))
          .catch(() => setTimeout(retake, RETRY_MS).unref());
      };
      retake();
    });

    return true;
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
      const held = client;
      client = null;
      if (held !== null) {
        try {
          await held.query('select pg_advisory_unlock($1, $2)', [LEASE_LOCK_CLASS, key]);
          held.release();
        } catch {
          held.release(true);
        }
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
    const pool = (await db.em.getConnection().getNativeClient()) as unknown as LockPool;
    entry = { users: 0, lock: lockOnPool(pool, onLost) };
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
  const rows = await db(em).updateTable('webhook_delivery').set({ locked_until: databaseNowPlusMs(-1000) }).where('status', '=', 'running').returning('id').execute();

  return rows.length;
};
