import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { EntitySchema } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM as PgMikroORM } from '@mikro-orm/postgresql';
import { MikroORM as PgliteMikroORM } from '@mikro-orm/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { allEntities } from './entities.ts';
import { withMigrationLock } from './migration-lock.ts';
import { migrationsList } from './migrations/index.ts';
import { reclaimLostConnections } from './reclaim-lost-connections.ts';
import { claimOwnership, commandLabel, type OwnerLock, type OwnerRecord, type OwnerRole } from './embedded/owner-lock.ts';
import { EmbeddedDatabaseInUse } from './embedded/database-in-use.ts';
import { accepts } from './embedded/accepts.ts';
import { serveOverSocket, type SocketServer } from './embedded/socket-server.ts';

export { EmbeddedDatabaseInUse } from './embedded/database-in-use.ts';

export type Database = {
  readonly em: SqlEntityManager;
  /** The engine: a PostgreSQL server, or the embedded PGlite (in this process or through its owner). */
  readonly kind: 'postgresql' | 'pglite';
  /**
   * Embedded database only: this process owns the files (and serves them to the others), or it
   * reaches the owner through the owner's socket.
   */
  readonly embedded?: { owner: boolean; ownerPid: number; host: string; port: number };
  /** PostgreSQL only: the server's URL, for the few connections kept outside the pool (LISTEN). */
  readonly serverUrl?: string;
  /** A fresh entity manager with its own identity map, for one request or one job. */
  fork(): SqlEntityManager;
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  /** postgres:// URL; when absent an embedded PGlite database lives under `dataDir/pg`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PGlite only: keep the database in memory (benchmarks and throw-away runs). */
  inMemory?: boolean;
  poolSize?: number;
  /**
   * PostgreSQL only: how long a statement waits for a connection of the pool (or for a new one to
   * open) before the statement fails (`isDatabaseUnavailable`) instead of hanging. Defaults to 5 s.
   */
  acquireTimeoutMs?: number;
  debug?: boolean;
  /** Receives the migrator's progress lines; silent when absent. */
  logger?: (line: string) => void;
  /**
   * Embedded database only: who opens it. `service` must own the files and refuses to start
   * beside another owner (it waits for a one-shot command to finish); `gateway` and `command`
   * become clients of a running owner. Defaults to `command`.
   */
  role?: OwnerRole;
  /**
   * Apply the migrations up to and including this one only (a restore creates the schema its
   * archive was written with; the next start applies the rest). Defaults to all of them.
   */
  migrateTo?: string;
};

const commonOptions = (entities: EntitySchema[], debug: boolean, logger?: (line: string) => void) => ({
  entities,
  logger: logger ?? (() => undefined),
  extensions: [Migrator],
  migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
  debug,
  // Entities are declared explicitly, so discovery never scans the file system.
  discovery: { warnWhenNoEntities: true },
  allowGlobalContext: false,
});

type OpenedOrm = {
  em: unknown;
  migrator: { up(options?: { to: string }): Promise<unknown> };
  close(force?: boolean): Promise<void>;
};

const migrate = (orm: OpenedOrm, options: OpenDatabaseOptions) =>
  orm.migrator.up(options.migrateTo === undefined ? undefined : { to: options.migrateTo });

const entities = () => allEntities as unknown as EntitySchema[];

const asDatabase = (orm: OpenedOrm, kind: Database['kind'], extra: Partial<Database> = {}): Database => {
  const em = orm.em as unknown as SqlEntityManager;

  return { em, kind, fork: () => em.fork(), close: () => orm.close(true), ...extra };
};

export const DEFAULT_ACQUIRE_TIMEOUT_MS = 5_000;

/** A PostgreSQL server, or the owner of an embedded database through its socket: the same driver. */
const openServerOrm = (options: OpenDatabaseOptions, connection: { clientUrl: string } | { host: string; port: number }) =>
  PgMikroORM.init({
    ...commonOptions(entities(), options.debug ?? false, options.logger),
    ...('clientUrl' in connection ? connection : { ...connection, user: 'postgres', dbName: 'postgres' }),
    pool: { min: 0, max: options.poolSize ?? 10 },
    // On a PostgreSQL server, a bounded wait for a pool connection: an exhausted pool or an
    // unreachable server is an error the caller answers (503), never a request that hangs. An
    // embedded database's clients keep waiting: its owner serves one transaction at a time, so
    // their turn may come late but does come.
    // Either way, a connection lost inside a transaction gives its pool slot back (see there).
    driverOptions: {
      onPoolCreated: reclaimLostConnections,
      ...('clientUrl' in connection ? { connectionTimeoutMillis: options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS } : {}),
    },
  }) as unknown as Promise<OpenedOrm>;

const openPgliteOrm = (options: OpenDatabaseOptions, dbName: string) =>
  // Trigram search is part of the schema, so the embedded database loads the same extension.
  PgliteMikroORM.init({
    ...commonOptions(entities(), options.debug ?? false, options.logger),
    dbName,
    driverOptions: { extensions: { pg_trgm } },
  }) as unknown as Promise<OpenedOrm>;

const openPostgres = async (options: OpenDatabaseOptions & { databaseUrl: string }): Promise<Database> => {
  const orm = await openServerOrm(options, { clientUrl: options.databaseUrl });
  const pool = await (orm.em as unknown as SqlEntityManager).getConnection().getNativeClient();
  // Several processes may start against a new database at once; they migrate one after the other.
  await withMigrationLock(pool as Parameters<typeof withMigrationLock>[0], () => migrate(orm, options));

  return asDatabase(orm, 'postgresql', { serverUrl: options.databaseUrl });
};

/** Opens the files of the embedded database in this process, which then serves them to the others. */
const openAsOwner = async (options: OpenDatabaseOptions, lock: OwnerLock): Promise<Database> => {
  let orm: OpenedOrm | undefined;
  let server: SocketServer | undefined;
  try {
    const dbName = join(options.dataDir, 'pg');
    mkdirSync(dbName, { recursive: true });
    orm = await openPgliteOrm(options, dbName);
    // The only process with the files migrates them before anyone else can connect.
    await migrate(orm, options);
    const pglite = (await (orm.em as unknown as SqlEntityManager).getConnection().getNativeClient()) as PGlite;
    server = await serveOverSocket(pglite, options.dataDir);
    lock.announce({ host: server.host, port: server.port });
  } catch (error) {
    await server?.close();
    await orm?.close(true);
    lock.release();
    throw error;
  }
  const opened = orm;
  const served = server;

  return asDatabase(opened, 'pglite', {
    embedded: { owner: true, ownerPid: process.pid, host: served.host, port: served.port },
    close: async () => {
      // Clients finish their transactions first; the files are closed before the lock goes.
      await served.close();
      await opened.close(true);
      lock.release();
    },
  });
};

/** Reaches a running owner through its socket with the PostgreSQL driver. */
const openAsClient = async (options: OpenDatabaseOptions, owner: OwnerRecord & { host: string; port: number }): Promise<Database> => {
  const orm = await openServerOrm({ ...options, poolSize: options.poolSize ?? 4 }, { host: owner.host, port: owner.port });
  try {
    // Normally nothing to do: the owner migrated before it served. A newer command brings the
    // schema up to date through the owner, one statement stream at a time.
    await migrate(orm, options);
  } catch (error) {
    await orm.close(true);
    throw error;
  }

  return asDatabase(orm, 'pglite', { embedded: { owner: false, ownerPid: owner.pid, host: owner.host, port: owner.port } });
};

const OWNER_WAIT_MS = 60_000;

const openEmbedded = async (options: OpenDatabaseOptions): Promise<Database> => {
  const role = options.role ?? 'command';
  const command = commandLabel(process.argv);
  const deadline = Date.now() + OWNER_WAIT_MS;
  for (;;) {
    const claim = claimOwnership(options.dataDir, role, command);
    if (claim.owner) {
      return openAsOwner(options, claim.lock);
    }
    const owner = claim.record;
    // A second service must not become a client: refuse, having changed nothing. A one-shot
    // command holding the files finishes in moments, so wait for it instead.
    if (role === 'service' && (owner.role !== 'command' || Date.now() > deadline)) {
      throw new EmbeddedDatabaseInUse(options.dataDir, owner);
    }
    if (role !== 'service' && owner.host !== undefined && owner.port !== undefined) {
      if (await accepts(owner.host, owner.port)) {
        return openAsClient(options, { ...owner, host: owner.host, port: owner.port });
      }
    }
    // The owner is still opening the files, or closing them: ask again shortly.
    if (Date.now() > deadline) {
      throw new EmbeddedDatabaseInUse(options.dataDir, owner);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Opens the database named by the options and brings its schema up to date with the migrations. */
export const openDatabase = async (options: OpenDatabaseOptions): Promise<Database> => {
  if (options.databaseUrl) {
    return openPostgres({ ...options, databaseUrl: options.databaseUrl });
  }
  if (options.inMemory) {
    const orm = await openPgliteOrm(options, 'memory://');
    await migrate(orm, options);

    return asDatabase(orm, 'pglite');
  }

  return openEmbedded(options);
};
