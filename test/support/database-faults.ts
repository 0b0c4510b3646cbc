import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import pg from 'pg';

const { Client } = pg;
type PgClient = pg.Client;

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
      const { rows } = await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );

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
    /**
     * Ends the server process of every session of the database that waits for a lock while running
     * a statement that matches one of `patterns` (SQL `ilike` patterns; the server keeps only the
     * first kilobyte of a statement's text), leaving other waiters alone.
     */
    terminateLockWaitersRunning: async (patterns: string[]): Promise<number> => {
      const { rows } = await client.query(
        "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and query ilike any($2)",
        [name, patterns],
      );

      return rows.length;
    },
    close: () => client.end(),
  };
};

export type DatabaseProxy = {
  /** DATABASE_URL through the proxy. */
  url: string;
  /** Cuts every connection and refuses new ones, as a vanished server or a fail-over does. */
  cut(): void;
  /** Forwards new connections again (to the same server: the one a fail-over promoted). */
  restore(): void;
  close(): Promise<void>;
};

/**
 * A TCP proxy in front of the PostgreSQL server of `databaseUrl`, which the test can cut and
 * restore: what the service sees when the network to its database fails or the server behind an
 * address changes, as opposed to the server ending sessions itself.
 */
export const startDatabaseProxy = async (databaseUrl: string): Promise<DatabaseProxy> => {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let forwarding = true;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = createServer((client) => {
    track(client);
    if (!forwarding) {
      client.destroy();

      return;
    }
    const upstream = connect(Number(target.port || 5432), target.hostname);
    track(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);

  return {
    url: url.toString(),
    cut: () => {
      forwarding = false;
      for (const socket of sockets) {
        socket.destroy();
      }
    },
    restore: () => {
      forwarding = true;
    },
    close: async () => {
      for (const socket of sockets) {
        socket.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
