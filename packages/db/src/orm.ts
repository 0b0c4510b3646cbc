import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EntitySchema } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM as PgMikroORM } from '@mikro-orm/postgresql';
import { MikroORM as PgliteMikroORM } from '@mikro-orm/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { allEntities } from './entities.ts';
import { withMigrationLock } from './migration-lock.ts';
import { migrationsList } from './migrations/index.ts';

export type Database = {
  readonly em: SqlEntityManager;
  readonly kind: 'postgresql' | 'pglite';
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
  debug?: boolean;
  /** Receives the migrator's progress lines; silent when absent. */
  logger?: (line: string) => void;
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

/** Opens the database named by the options and brings its schema up to date with the migrations. */
export const openDatabase = async (options: OpenDatabaseOptions): Promise<Database> => {
  const debug = options.debug ?? false;
  const entities = allEntities as unknown as EntitySchema[];
  type OpenedOrm = { em: unknown; migrator: { up(): Promise<unknown> }; close(force?: boolean): Promise<void> };
  let lockedMigration: ((work: () => Promise<unknown>) => Promise<unknown>) | null = null;
  let orm: OpenedOrm;
  let kind: Database['kind'];
  if (options.databaseUrl) {
    orm = await PgMikroORM.init({
      ...commonOptions(entities, debug, options.logger),
      clientUrl: options.databaseUrl,
      pool: { min: 0, max: options.poolSize ?? 10 },
    });
    kind = 'postgresql';
    const pool = await (orm.em as unknown as SqlEntityManager).getConnection().getNativeClient();
    lockedMigration = (work) => withMigrationLock(pool as Parameters<typeof withMigrationLock>[0], work);
  } else {
    let dbName = 'memory://';
    if (!options.inMemory) {
      dbName = join(options.dataDir, 'pg');
      mkdirSync(dbName, { recursive: true });
    }
    // Trigram search is part of the schema, so the embedded database loads the same extension.
    orm = await PgliteMikroORM.init({
      ...commonOptions(entities, debug, options.logger),
      dbName,
      driverOptions: { extensions: { pg_trgm } },
    });
    kind = 'pglite';
  }
  // An embedded database has a single owner; a server may see several processes start at once.
  await (lockedMigration ? lockedMigration(() => orm.migrator.up()) : orm.migrator.up());
  const em = orm.em as unknown as SqlEntityManager;

  return {
    em,
    kind,
    fork: () => em.fork(),
    close: () => orm.close(true),
  };
};
