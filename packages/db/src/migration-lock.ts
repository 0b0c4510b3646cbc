/** The part of a `pg` pool (the one under MikroORM on PostgreSQL) the lock needs. */
type LockPool = {
  connect(): Promise<{ query(sql: string, values?: unknown[]): Promise<unknown>; release(error?: Error): void }>;
};

/**
 * One key for every switchyard process on the server: the lock is per database, and
 * pg_advisory_lock keys are server-wide, so the key is combined with the database's oid.
 */
const MIGRATION_LOCK_KEY = 0x5377_7964; // "Swyd"

/**
 * Runs the migrations while holding a session advisory lock on a connection of its own, so that
 * processes starting together against a new database (the services and `gateway run`, or several
 * receivers) migrate one after the other: the second finds the schema current instead of failing
 * on a half-created one.
 */
export const withMigrationLock = async <T>(pool: LockPool, work: () => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  // Hand-written: a session advisory lock on a connection of its own, which the ORM's pool does not hand out.
  const lock = `select pg_advisory_lock($1, (select oid::int from pg_database where datname = current_database()))`;
  const unlock = `select pg_advisory_unlock($1, (select oid::int from pg_database where datname = current_database()))`;
  let failure: Error | undefined;
  try {
    await client.query(lock, [MIGRATION_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query(unlock, [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A connection a statement failed on is destroyed, never handed back to the pool for a request.
    client.release(failure);
  }
};
