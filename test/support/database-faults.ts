import { createRequire } from 'node:module';

type PgClient = { connect(): Promise<void>; query(sql: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>; end(): Promise<void> };
const { Client } = createRequire(import.meta.url)('pg') as {
  Client: new (options: { connectionString: string }) => PgClient;
};

/** A plain connection of the test's own to the database itself, e.g. to hold a row lock. */
export const connectTo = async (databaseUrl: string): Promise<PgClient> => {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();

  return client;
};

/**
 * A connection of the test's own to the PostgreSQL server behind `databaseUrl`, for doing to the
 * service's database what an operator or a failing network would: refusing connections, ending them.
 */
export const openServerControl = async (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();

  return {
    client,
    /** Refuses new connections to the database (superusers included) and ends the open ones. */
    refuseConnections: async () => {
      await client.query(`alter database ${name} allow_connections false`);
      await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    },
    /** Ends every session of the database but this one, as a restart of the server would. */
    terminateAll: async (): Promise<number> => {
      const { rows } = await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);

      return rows.length;
    },
    allowConnections: () => client.query(`alter database ${name} allow_connections true`),
    /** Ends the server process of every session of the database that waits for a lock. */
    terminateLockWaiters: async (): Promise<number> => {
      const { rows } = await client.query(
        "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
        [name],
      );

      return rows.length;
    },
    close: () => client.end(),
  };
};
