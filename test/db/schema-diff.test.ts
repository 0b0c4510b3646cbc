import { MikroORM as PgMikroORM } from '@mikro-orm/postgresql';
import { MikroORM as PgliteMikroORM } from '@mikro-orm/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { EntitySchema } from '@mikro-orm/core';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEntities } from '@switchyard/db/entities';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';

/**
 * The entities are the schema: after every migration has run, MikroORM's schema diff between the
 * entities and the database is empty, so `migration:create` proposes nothing and a column, index or
 * constraint added to one side only fails here.
 */
const databaseLabel = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`entities and migrations describe one schema (${databaseLabel})`, () => {
  let database: TestDatabase;
  let orm: {
    schema: { getUpdateSchemaSQL(options?: { wrap?: boolean }): Promise<string> };
    em: { getConnection(): { execute(sql: string): Promise<unknown> } };
    close(force?: boolean): Promise<void>;
  };
  const pendingStatements = async () =>
    (await orm.schema.getUpdateSchemaSQL({ wrap: false })).split('\n').filter((line) => line.trim() !== '');

  beforeAll(async () => {
    database = await createTestDatabase();
    // Opening runs every migration (PGlite: a copy of the migrated template).
    const db = await database.open();
    await db.close();
    const common = {
      entities: allEntities as unknown as EntitySchema[],
      allowGlobalContext: false,
      schemaGenerator: {
        // Left out of the comparison: the audit trail's refuse-change triggers (one hand-written
        // plpgsql function behind a row trigger and a TRUNCATE trigger), which entities cannot declare.
        ignoreTriggers: true,
      },
    };
    orm = database.env.DATABASE_URL
      ? await PgMikroORM.init({ ...common, clientUrl: database.env.DATABASE_URL, pool: { min: 0, max: 2 } })
      : await PgliteMikroORM.init({ ...common, dbName: join(database.env.DATA_DIR, 'pg'), driverOptions: { extensions: { pg_trgm } } });
  });

  afterAll(async () => {
    await orm?.close(true);
    await database?.dispose();
  });

  it('has nothing to change after all migrations', async () => {
    expect(await pendingStatements()).toEqual([]);
  });

  it('sees a difference when the database drifts from the entities', async () => {
    await orm.em.getConnection().execute('drop index claims_claim_tier_idx');
    await orm.em.getConnection().execute('alter table transport_invoice drop constraint transport_invoice_kind_check');
    const statements = await pendingStatements();
    expect(statements.some((sql) => sql.startsWith('create index "claims_claim_tier_idx"'))).toBe(true);
    expect(statements.some((sql) => sql.includes('add constraint "transport_invoice_kind_check"'))).toBe(true);
  });
});
