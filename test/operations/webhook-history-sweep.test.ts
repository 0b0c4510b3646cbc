import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../packages/db/src/orm.ts';
import { createLogger } from '../../apps/api/src/logger.ts';
import { startRetentionSweep, type RetentionStep } from '../../apps/api/src/retention/retention-sweep.ts';
import { webhookRetentionSteps, WEBHOOKS_RETENTION_LOCK_KEY } from '../../apps/api/src/retention/service-retention.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';

/**
 * Finished webhook delivery rows past WEBHOOK_DELIVERY_HISTORY_DAYS leave in bounded batches at the
 * daily sweep, stepped with runOnce() at a clock the test moves; unfinished rows, younger rows and
 * rows an idempotency key still names stay.
 */
const DAY = 86_400_000;
const T0 = new Date('2034-06-15T12:00:00Z').getTime();
const BATCH = 10;

let database: TestDatabase;
let db: Database;
const logLines: string[] = [];
const logger = createLogger({ level: 'info', destination: { write: (line: string) => void logLines.push(line) } });

beforeAll(async () => {
  database = await createTestDatabase();
  db = await database.open();
}, 120_000);
afterAll(async () => {
  await db?.close();
  await database?.dispose();
});

const count = async (where: string, params: unknown[] = []) =>
  Number((await db.fork().execute<{ n: number }[]>(`select count(*)::int as n from ${where}`, params))[0]?.n);

type Seed = { route: string; status: string; key: string; finishedDaysAgo: number | null; createdDaysAgo?: number; n?: number };

/** `n` rows of one kind; each key gets a suffix so the in-flight uniqueness holds. */
const seed = async ({ route, status, key, finishedDaysAgo, createdDaysAgo, n = 1 }: Seed) => {
  const created = new Date(T0 - (createdDaysAgo ?? (finishedDaysAgo ?? 0) + 1) * DAY);
  const finished = finishedDaysAgo === null ? null : new Date(T0 - finishedDaysAgo * DAY);
  await db.fork().execute(
    `insert into webhook_delivery (id, route, event_type, idempotency_key, mode, status, target, prompt, payload, attempts, max_attempts,
       next_attempt_at, created_at, updated_at, finished_at)
     select gen_random_uuid(), ?, 'push', ? || '-' || g, 'deliver_only', ?, 'log', 'p', '{}'::jsonb, 1, 5, ?, ?, ?, ?
       from generate_series(1, ?) g`,
    [route, key, status, created, created, finished ?? created, finished, n],
  );
};

const observed = (steps: RetentionStep[], batches: number[]): RetentionStep[] =>
  steps.map((step) => ({
    name: step.name,
    batch: async (cutoffs, limit) => {
      const removed = await step.batch(cutoffs, limit);
      batches.push(removed);

      return removed;
    },
  }));

describe('webhook delivery history', () => {
  it('deletes delivered and failed rows older than WEBHOOK_DELIVERY_HISTORY_DAYS in batches, and nothing unfinished, younger or still keyed', async () => {
    // Expired: 25 delivered and 3 failed 91-95 days ago, more than two batches.
    await seed({ route: 'alpha', status: 'delivered', key: 'old', finishedDaysAgo: 91, n: 25 });
    await seed({ route: 'alpha', status: 'failed', key: 'dead', finishedDaysAgo: 95, n: 3 });
    // Young: finished 89 days ago, and another route's rows of last month.
    await seed({ route: 'alpha', status: 'delivered', key: 'young', finishedDaysAgo: 89, n: 2 });
    await seed({ route: 'beta', status: 'delivered', key: 'beta', finishedDaysAgo: 30, n: 2 });
    // Unfinished however old: a retry waiting for its next attempt, and one running.
    await seed({ route: 'alpha', status: 'queued', key: 'retrying', finishedDaysAgo: null, createdDaysAgo: 200 });
    await seed({ route: 'alpha', status: 'running', key: 'running', finishedDaysAgo: null, createdDaysAgo: 200 });
    // Old rows named by idempotency keys: one key expired long ago, one still inside its window.
    await seed({ route: 'alpha', status: 'delivered', key: 'expired-key', finishedDaysAgo: 120 });
    await seed({ route: 'alpha', status: 'delivered', key: 'live-key', finishedDaysAgo: 120 });
    const keyed = `insert into webhook_idempotency (key, delivery_id, created_at, expires_at)
      select ?, id, ?, ? from webhook_delivery where idempotency_key = ?`;
    await db.fork().execute(keyed, ['expired-key', new Date(T0 - 120 * DAY), new Date(T0 - 119 * DAY), 'expired-key-1']);
    await db.fork().execute(keyed, ['live-key', new Date(T0 - DAY / 2), new Date(T0 + DAY / 2), 'live-key-1']);
    expect(await count('webhook_delivery')).toBe(36);

    let now = T0;
    const batches: number[] = [];
    const sweep = startRetentionSweep({
      name: 'webhooks',
      lockKey: WEBHOOKS_RETENTION_LOCK_KEY,
      db,
      settings: { positionRetentionDays: 30, claimsRetentionYears: 7, webhookDeliveryHistoryDays: 90 },
      steps: observed(webhookRetentionSteps(db), batches),
      clock: { now: () => now },
      logger,
      batchRows: BATCH,
      stepped: true,
    });

    expect(await sweep.runOnce()).toEqual({ webhook_deliveries: 29 });
    expect(batches).toEqual([10, 10, 9]);
    expect(
      await count(
        `webhook_delivery where idempotency_key like 'old-%' or idempotency_key like 'dead-%' or idempotency_key = 'expired-key-1'`,
      ),
    ).toBe(0);
    expect(await count(`webhook_delivery where route = 'alpha' and idempotency_key like 'young-%'`)).toBe(2);
    expect(await count(`webhook_delivery where route = 'beta'`)).toBe(2);
    expect(await count(`webhook_delivery where status in ('queued', 'running')`)).toBe(2);
    expect(await count(`webhook_delivery where idempotency_key = 'live-key-1'`)).toBe(1);
    // The expired key went with its row; the live one still refuses a sender's retry.
    expect(await count(`webhook_idempotency where key = 'expired-key'`)).toBe(0);
    expect(await count(`webhook_idempotency where key = 'live-key'`)).toBe(1);
    expect(logLines.some((line) => line.includes('"sweep":"webhooks"') && line.includes('"webhook_deliveries":29'))).toBe(true);

    // Nothing more expired.
    expect(await sweep.runOnce()).toEqual({ webhook_deliveries: 0 });

    // Two days on: the 89-day rows are 91 days old and the live key has expired; beta's and the unfinished rows stay.
    now = T0 + 2 * DAY;
    expect(await sweep.runOnce()).toEqual({ webhook_deliveries: 3 });
    expect(await count('webhook_delivery')).toBe(4);
    expect(await count(`webhook_delivery where route = 'beta'`)).toBe(2);
    expect(await count(`webhook_delivery where status in ('queued', 'running')`)).toBe(2);
    await sweep.stop();
  }, 60_000);
});
