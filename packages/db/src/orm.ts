import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EntitySchema } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM as PgMikroORM } from '@mikro-orm/postgresql';
import { MikroORM as PgliteMikroORM } from '@mikro-orm/pglite';
import { allEntities } from './entities.ts';
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
};

const commonOptions = (entities: EntitySchema[], debug: boolean) => ({
  entities,
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
  let orm: PgMikroORM | PgliteMikroORM;
  let kind: Database['kind'];
  if (options.databaseUrl) {
    orm = await PgMikroORM.init({
      ...commonOptions(entities, debug),
      clientUrl: options.databaseUrl,
      pool: { min: 0, max: options.poolSize ?? 10 },
    });
    kind = 'postgresql';
  } else {
    let dbName = 'memory://';
    if (!options.inMemory) {
      dbName = join(options.dataDir, 'pg');
      mkdirSync(dbName, { recursive: true });
    }
    orm = await PgliteMikroORM.init({ ...commonOptions(entities, debug), dbName });
    kind = 'pglite';
  }
  await orm.migrator.up();
  const em = orm.em as unknown as SqlEntityManager;

  return {
    em,
    kind,
    fork: () => em.fork(),
    close: () => orm.close(true),
  };
};
