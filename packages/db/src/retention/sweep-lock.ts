import type { Database } from '../orm.ts';
import { destroyConnection, openOwnConnection } from '../own-connection.ts';

/** The advisory lock class of the retention sweeps; the key names the service's sweep. */
export const RETENTION_LOCK_CLASS = 0x5377_5265; // "SwRe"

/**
 * Runs `work` while this process holds the sweep's session advisory lock, on a connection of its
 * own; answers null without running when another process holds it (that process is sweeping the
 * same rows). The embedded database has one owner, so there it simply runs.
 */
export const withSweepLock = async <T>(database: Database, key: number, work: () => Promise<T>): Promise<T | null> => {
  if (database.kind !== 'postgresql' || database.serverUrl === undefined) {
    return work();
  }
  const connection = await openOwnConnection(database.serverUrl, 'retention sweep lock');
  try {
    const [row] = (await connection.query('select pg_try_advisory_lock($1, $2) as ok', [RETENTION_LOCK_CLASS, key])).rows as {
      ok: boolean;
    }[];
    if (row?.ok !== true) {
      return null;
    }

    // Ending the connection releases the lock; no unlock statement is needed.
    return await work();
  } finally {
    await destroyConnection(connection);
  }
};
