import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@switchyard/db/orm';
import { readSharedSubscriptions } from '@switchyard/db/webhooks/shared-subscriptions';
import { createLogger } from '../../apps/api/src/logger.ts';
import { startSubscriptionSync, type SubscriptionSync } from '../../apps/api/src/webhooks/gateway/shared-subscriptions.ts';
import { connectTo } from '../support/database-faults.ts';
import { writeHomeFiles } from '../support/webhooks/receiver-harness.ts';
import { runCli } from '../support/webhooks/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const secretIn = (file: string, name: string): unknown =>
  (JSON.parse(readFileSync(file, 'utf8')) as Record<string, { secret?: string }>)[name]?.secret;

/** The process that holds the file's lock, or null when nobody does. */
const lockHolder = (file: string): number | null => {
  try {
    return Number(readFileSync(`${file}.lock`, 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
};

/*
 * A gateway writes subscriptions changed on other machines into its machine's file while the CLI
 * of that machine may be changing the same file. Each holds the file's lock from its read of the
 * database to its write, so that neither writes what it read before the other's change over it.
 * The database's table is locked by the test to hold each of them inside that stretch.
 */
describe.skipIf(!process.env.DATABASE_URL)(
  'a gateway and the CLI of one machine change its subscriptions file one at a time (needs DATABASE_URL)',
  () => {
    let testDb: TestDatabase;
    let db: Database;
    let sync: SubscriptionSync;
    const homes: string[] = [];
    let file: string;
    const cli = (home: string, args: string[]) => runCli(['webhook', ...args], { SWITCHYARD_HOME: home, ...testDb.env });

    /** Runs `work` while another connection holds the subscriptions table, then lets it go. */
    const withTableHeld = async <T>(work: (release: () => Promise<void>) => Promise<T>): Promise<T> => {
      const client = await connectTo(testDb.env.DATABASE_URL ?? '');
      let held = true;
      const release = async () => {
        if (held) {
          held = false;
          await client.query('commit');
        }
      };
      try {
        await client.query('begin');
        await client.query('lock table webhook_subscription in access exclusive mode');

        return await work(release);
      } finally {
        await release();
        await client.end();
      }
    };

    beforeAll(async () => {
      testDb = await createTestDatabase();
      db = await testDb.open();
      for (let index = 0; index < 2; index += 1) {
        const home = mkdtempSync(join(tmpdir(), `switchyard-sync-lock-${index}-`));
        writeHomeFiles(home, { 'config.yaml': 'platforms:\n  webhook:\n    enabled: true\n' });
        homes.push(home);
      }
      file = join(homes[1] as string, 'webhook_subscriptions.json');
      sync = startSubscriptionSync({ db, path: file, logger: createLogger({ level: 'silent' }), stepped: true });
    }, 90_000);

    afterAll(async () => {
      await sync?.stop();
      await db?.close();
      await testDb?.dispose();
      for (const home of homes) {
        rmSync(home, { recursive: true, force: true });
      }
    });

    it("leaves a pass to the next while a command holds the file, and the command's new secret stays", async () => {
      const [homeA, homeB] = homes as [string, string];
      const made = await cli(homeA, ['subscribe', 'rotated', '--deliver', 'log', '--prompt', 'event {n}', '--json']);
      expect(made.code, made.stderr).toBe(0);
      const oldSecret = (JSON.parse(made.stdout) as { secret: string }).secret;
      expect(await sync.runOnce()).toEqual({ busy: false, changed: ['rotated'] });
      expect(secretIn(file, 'rotated')).toBe(oldSecret);

      const secret = newSecret();
      const changed = await withTableHeld(async (release) => {
        const changing = cli(homeB, ['update', 'rotated', '--secret', secret, '--json']);
        // The command takes the file before it reads the database, which holds it there.
        const holder = await waitFor(
          () => {
            const pid = lockHolder(file);

            return pid !== null && pid !== process.pid ? pid : undefined;
          },
          30_000,
          'the command to hold the subscriptions file',
        );
        expect(holder).toBeGreaterThan(0);
        expect(await sync.runOnce()).toEqual({ busy: true, changed: [] });
        expect(secretIn(file, 'rotated')).toBe(oldSecret);
        await release();

        return changing;
      });
      expect(changed.code, changed.stderr).toBe(0);
      expect(secretIn(file, 'rotated')).toBe(secret);
      // The next pass finds the command's own record and leaves the file as the command wrote it.
      expect(await sync.runOnce()).toEqual({ busy: false, changed: [] });
      expect(secretIn(file, 'rotated')).toBe(secret);
      const [row] = await readSharedSubscriptions(db.fork(), ['rotated']);
      expect(row?.version).toBe(2);
      expect(row?.entry?.secret).toBe(secret);
    }, 120_000);

    it('holds the file through a pass, so a command run meanwhile changes it after the pass and is kept', async () => {
      const [homeA, homeB] = homes as [string, string];
      const fromA = newSecret();
      const elsewhere = await cli(homeA, ['update', 'rotated', '--secret', fromA, '--json']);
      expect(elsewhere.code, elsewhere.stderr).toBe(0);

      const fromB = newSecret();
      const changed = await withTableHeld(async (release) => {
        const passing = sync.runOnce();
        // The pass waits on the database for the row changed on machine A, holding the file.
        expect(lockHolder(file)).toBe(process.pid);
        const changing = cli(homeB, ['update', 'rotated', '--secret', fromB, '--json']);
        await release();
        expect(await passing).toEqual({ busy: false, changed: ['rotated'] });

        return changing;
      });
      expect(changed.code, changed.stderr).toBe(0);
      expect(lockHolder(file)).toBeNull();
      expect(secretIn(file, 'rotated')).toBe(fromB);
      expect(await sync.runOnce()).toEqual({ busy: false, changed: [] });
      expect(secretIn(file, 'rotated')).toBe(fromB);
      expect(existsSync(`${file}.lock`)).toBe(false);
    }, 120_000);
  },
);
