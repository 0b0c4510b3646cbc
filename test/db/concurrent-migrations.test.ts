import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';

// An embedded PGlite folder has one owner at a time; several openers only exist on a server.
describe.skipIf(!process.env.DATABASE_URL)('several processes opening a new database at once', () => {
  let database: TestDatabase | undefined;

  afterEach(async () => {
    await database?.dispose();
  });

  it('migrate one after the other and all find the same schema', async () => {
    // Empty: the migrations themselves run here, not the copy of a migrated template.
    database = await createTestDatabase(undefined, { empty: true });
    const opened = await Promise.allSettled([database.open(), database.open(), database.open(), database.open()]);
    const failures = opened.filter((result) => result.status === 'rejected').map((result) => String(result.reason));
    const dbs = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      expect(failures).toEqual([]);
      const applied = await dbs[0]?.em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from mikro_orm_migrations');
      const names = await dbs[3]?.em.getConnection().execute<{ name: string }[]>('select name from mikro_orm_migrations order by name');
      expect(applied?.[0]?.n).toBe(names?.length);
      expect(new Set(names?.map((row) => row.name)).size).toBe(names?.length);
      expect(names?.length).toBeGreaterThan(0);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
    }
  });
});
