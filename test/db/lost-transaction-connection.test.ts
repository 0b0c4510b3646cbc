import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAnswers } from '@switchyard/db/database-answers';
import { openDatabase, type Database } from '@switchyard/db/orm';
import { openServerControl } from '../support/database-faults.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

/**
 * A transaction whose session the server ends leaves its ROLLBACK nowhere to go. The pool must get
 * that connection's slot back all the same: with two slots (the fewest migrations run on), two lost transactions would
 * otherwise leave every later statement waiting for a connection that never comes back.
 */
describe.skipIf(!process.env.DATABASE_URL)('a pool connection lost inside a transaction', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase({
      databaseUrl: database.env.DATABASE_URL,
      dataDir: database.env.DATA_DIR,
      poolSize: 2,
      acquireTimeoutMs: 3_000,
    });
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await database?.dispose();
  });

  it('gives its slot back to the pool, however often it happens', async () => {
    const server = await openServerControl(database.env.DATABASE_URL ?? '');
    try {
      for (let loss = 0; loss < 3; loss++) {
        const running = db.fork().transactional(async (tx) => {
          await tx.execute("select pg_sleep(60), 'lost-transaction-probe'");
        });
        const failed = running.then(
          () => null,
          (error: unknown) => error,
        );
        // The server's own view says when the transaction's statement runs; then that session ends.
        await waitFor(
          async () => {
            const { rows } = await server.client.query(
              "select 1 from pg_stat_activity where query like '%lost-transaction-probe%' and pid <> pg_backend_pid() and state = 'active'",
            );

            return rows.length === 1;
          },
          10_000,
          'the transaction to run',
        );
        const { rows: ended } = await server.client.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where query like '%lost-transaction-probe%' and pid <> pg_backend_pid()",
        );
        expect(ended).toHaveLength(1);
        expect(await failed).toBeInstanceOf(Error);
        // A slot of the pool serves the next statement on a new connection.
        expect(await databaseAnswers(db.fork(), 5_000)).toBe(true);
      }
    } finally {
      await server.close();
    }
  }, 60_000);
});
