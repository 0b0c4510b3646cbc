/** The few parts of pg's pool and client used here (pg ships without type declarations). */
type PoolClient = {
  release: (error?: Error) => void;
  once(event: 'end', listener: () => void): unknown;
};
export type PgPool = {
  on(event: 'connect' | 'acquire', listener: (client: PoolClient) => void): unknown;
  on(event: 'release', listener: (error: Error | undefined, client: PoolClient) => void): unknown;
};

/**
 * Gives the pool back its slot when the connection of a checked-out client is lost.
 *
 * Kysely's controlled transaction, on which the ORM's `transactional` runs, hands its connection
 * back only after BEGIN, COMMIT or ROLLBACK succeeded (kysely-org/kysely#1990). When the server
 * ends the session (a restart, `pg_terminate_backend`) or the network drops while a transaction is
 * open, the rollback that follows fails as well, and the client stays checked out for good: after
 * a few such losses every slot of the pool is held by a dead connection, and every statement waits
 * for one until it times out, long after the database is back.
 *
 * So a client whose connection ends while it is checked out is released here, with an error, which
 * makes the pool discard it and open a new connection for the next caller. Its holder may still
 * release it later (a plain query does, in its `finally`): that second release does nothing.
 */
export const reclaimLostConnections = (pool: PgPool): void => {
  const checkedOut = new Set<PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.once('end', () => {
      if (!checkedOut.has(client)) {
        return;
      }
      const release = client.release;
      client.release = () => undefined;
      release(new Error('the database connection was lost while checked out'));
    });
  });
};
