import pg from 'pg';

/** A `pg` client of one's own, outside the ORM's pool. */
export type OwnConnection = pg.Client;

/** Connecting, and each statement on such a connection, give up after this long. */
const OWN_CONNECTION_TIMEOUT_MS = 5_000;

/**
 * Ends a connection of one's own without waiting for the server: a lost or hung connection would
 * never answer the goodbye. `end()` first, so pg knows the close is ours and reports no error;
 * settles once the socket is closed.
 */
export const destroyConnection = (client: OwnConnection): Promise<void> => {
  const ended = client.end().catch(() => undefined);
  client.connection?.stream?.destroy();

  return ended;
};

/**
 * A connection of its own to PostgreSQL, outside the pool the ORM hands out, for what lives as long
 * as a session (an advisory lock, LISTEN). Connecting is bounded; a connection that fails to open
 * is destroyed before the error is thrown, so a retry never leaves one behind.
 */
export const openOwnConnection = async (databaseUrl: string, purpose: string): Promise<OwnConnection> => {
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: OWN_CONNECTION_TIMEOUT_MS,
    query_timeout: OWN_CONNECTION_TIMEOUT_MS,
    // A peer that vanished without a word (a fail-over, a cut network) is noticed by the kernel.
    keepAlive: true,
    application_name: `switchyard ${purpose}`,
  });
  // Until the owner listens: an 'error' event without a listener would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    void destroyConnection(client);
    throw error;
  }

  return client;
};
