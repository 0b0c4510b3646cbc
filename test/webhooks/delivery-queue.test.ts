import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@switchyard/db/orm';
import { claimDueDeliveries } from '@switchyard/db/webhooks/delivery-queue/claim';
import { enqueueDeliveries, enqueueDelivery, startInlineDelivery } from '@switchyard/db/webhooks/delivery-queue/enqueue';
import { findKeyHolder, purgeExpiredKeys, wasRecentlyDelivered } from '@switchyard/db/webhooks/delivery-queue/idempotency-keys';
import { extendLease, recordSentParts, saveAgentReply } from '@switchyard/db/webhooks/delivery-queue/lease';
import type { NewDelivery } from '@switchyard/db/webhooks/delivery-queue/new-delivery';
import { markDelivered, markFailed } from '@switchyard/db/webhooks/delivery-queue/release';
import { scheduleRetry } from '@switchyard/db/webhooks/delivery-queue/retry-schedule';
import { findDelivery, listRecentDeliveries } from '@switchyard/db/webhooks/delivery-history';
import { holdLeaseLock, takeBackAllLeases } from '@switchyard/db/webhooks/lease-lock';
import { summarizeDelivery } from '../../apps/api/src/webhooks/delivery/delivery-presenter.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

let testDb: TestDatabase;
let db: Database;

/** The delivery as the CLI shows it. */
const shownDelivery = async (id: string) => {
  const row = await findDelivery(db.fork(), id);

  return row === null ? null : summarizeDelivery(row);
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = await testDb.open();
});

afterAll(async () => {
  await db?.close();
  await testDb?.dispose();
});

const delivery = (route: string, key: string): NewDelivery => ({
  id: randomUUID(),
  route,
  eventType: 'issues',
  idempotencyKey: `${route}:id:${key}`,
  mode: 'agent',
  target: 'log',
  chatId: null,
  source: 'github',
  prompt: 'hello',
  skills: ['triage'],
  payload: { issue: { number: 1 }, text: 'a ? in text' },
  maxAttempts: 3,
});

const lease = (workerId: string, leaseMs = 60_000) => ({ workerId, leaseMs });

describe('delivery queue', () => {
  it('stores an event once while it is unfinished and hands it to one worker at a time', async () => {
    const first = delivery('q1', 'd1');
    expect(await enqueueDelivery(db.fork(), first)).toBe(true);
    expect(await enqueueDelivery(db.fork(), { ...first, id: randomUUID() })).toBe(false);

    const [claimedByA, claimedByB] = await Promise.all([
      claimDueDeliveries(db.fork(), lease('a'), 10),
      claimDueDeliveries(db.fork(), lease('b'), 10),
    ]);
    const claims = [...(claimedByA ?? []), ...(claimedByB ?? [])].filter((claim) => claim.route === 'q1');
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ id: first.id, attempts: 1, skills: ['triage'], payload: first.payload, source: 'github' });
    // Still unfinished while running: a second copy is a duplicate.
    expect(await enqueueDelivery(db.fork(), { ...first, id: randomUUID() })).toBe(false);
  });

  it('retries with a delay, then records the key on success so later copies are duplicates', async () => {
    const event = delivery('q2', 'd2');
    await enqueueDelivery(db.fork(), event);
    const [claim] = (await claimDueDeliveries(db.fork(), lease('w'), 10)).filter((item) => item.id === event.id);
    expect(claim).toBeDefined();
    await saveAgentReply(db.fork(), event.id, 'w', 'the answer');
    await scheduleRetry(db.fork(), event.id, 'w', { error: 'target answered 502', delayMs: 60_000 });
    expect(await shownDelivery(event.id)).toMatchObject({ status: 'queued', lastError: 'target answered 502' });
    // Not due yet.
    expect((await claimDueDeliveries(db.fork(), lease('w'), 10)).some((item) => item.id === event.id)).toBe(false);

    await db.fork().execute('update webhook_delivery set next_attempt_at = now() where id = ?', [event.id]);
    const [again] = (await claimDueDeliveries(db.fork(), lease('w'), 10)).filter((item) => item.id === event.id);
    expect(again).toMatchObject({ attempts: 2, agentReply: 'the answer' });
    expect(await wasRecentlyDelivered(db.fork(), event.idempotencyKey)).toBe(false);
    expect(await markDelivered(db.fork(), event.id, 'w', { resultRef: 'msg-1', keyTtlMs: 60_000 })).toBe(true);
    expect(await wasRecentlyDelivered(db.fork(), event.idempotencyKey)).toBe(true);
    expect(await enqueueDelivery(db.fork(), { ...event, id: randomUUID() })).toBe(false);
    expect(await shownDelivery(event.id)).toMatchObject({ status: 'delivered', resultRef: 'msg-1', lastError: null });
  });

  it('a failed delivery does not block a later copy of the same event', async () => {
    const event = delivery('q3', 'd3');
    await enqueueDelivery(db.fork(), event);
    await claimDueDeliveries(db.fork(), lease('w'), 10);
    await markFailed(db.fork(), event.id, 'w', 'agent is not configured');
    expect(await shownDelivery(event.id)).toMatchObject({ status: 'failed', lastError: 'agent is not configured' });
    expect(await enqueueDelivery(db.fork(), { ...event, id: randomUUID() })).toBe(true);
  });

  it('takes a delivery back from a worker whose lease ran out, and only the lease holder may finish it', async () => {
    const event = delivery('q4', 'd4');
    await enqueueDelivery(db.fork(), event);
    expect((await claimDueDeliveries(db.fork(), lease('dead', 1), 10)).some((item) => item.id === event.id)).toBe(true);
    // The lease runs out on the database's clock: moved past it rather than waited for.
    await db.fork().execute("update webhook_delivery set locked_until = now() - interval '1 second' where id = ?", [event.id]);
    const [taken] = (await claimDueDeliveries(db.fork(), lease('alive'), 10)).filter((item) => item.id === event.id);
    expect(taken).toMatchObject({ attempts: 2 });
    expect(await extendLease(db.fork(), event.id, lease('dead'))).toBe(false);
    expect(await extendLease(db.fork(), event.id, lease('alive'))).toBe(true);
    expect(await markDelivered(db.fork(), event.id, 'dead', { resultRef: null, keyTtlMs: 1000 })).toBe(false);
    expect(await markDelivered(db.fork(), event.id, 'alive', { resultRef: null, keyTtlMs: 1000 })).toBe(true);
  });

  it('an inline delivery is leased to its request and never queued for the worker', async () => {
    const event = delivery('q5', 'd5');
    expect(await startInlineDelivery(db.fork(), event, lease('request'))).toEqual({ sentParts: [] });
    expect(await startInlineDelivery(db.fork(), { ...event, id: randomUUID() }, lease('request'))).toBeNull();
    expect((await claimDueDeliveries(db.fork(), lease('w'), 10)).some((item) => item.id === event.id)).toBe(false);
    expect(await shownDelivery(event.id)).toMatchObject({ status: 'running', attempts: 1, maxAttempts: 1 });
  });

  it('says what holds a refused key: a delivered event, an unfinished delivery and its mode, or nothing', async () => {
    const event = { ...delivery('q8', 'd8'), mode: 'deliver_only' as const };
    expect(await findKeyHolder(db.fork(), event.idempotencyKey)).toEqual({ kind: 'free' });
    await startInlineDelivery(db.fork(), event, lease('request'));
    expect(await findKeyHolder(db.fork(), event.idempotencyKey)).toEqual({ kind: 'unfinished', id: event.id, mode: 'deliver_only' });
    await markDelivered(db.fork(), event.id, 'request', { resultRef: null, keyTtlMs: 60_000 });
    expect(await findKeyHolder(db.fork(), event.idempotencyKey)).toEqual({ kind: 'delivered' });
    const queued = delivery('q8', 'queued');
    await enqueueDelivery(db.fork(), queued);
    expect(await findKeyHolder(db.fork(), queued.idempotencyKey)).toEqual({ kind: 'unfinished', id: queued.id, mode: 'agent' });
  });

  it('keeps the parts sent, hands them to the worker retry, and carries them to a sender retry of the same message only', async () => {
    const event = delivery('q9', 'd9');
    await enqueueDelivery(db.fork(), event);
    await claimDueDeliveries(db.fork(), lease('w'), 10);
    await recordSentParts(db.fork(), event.id, 'w', ['m1', 'm2']);
    // Only the lease holder records progress.
    await recordSentParts(db.fork(), event.id, 'other', ['x']);
    await scheduleRetry(db.fork(), event.id, 'w', { error: 'part 3 failed', delayMs: 0 });
    const [again] = (await claimDueDeliveries(db.fork(), lease('w'), 10)).filter((item) => item.id === event.id);
    expect(again).toMatchObject({ attempts: 2, sentParts: ['m1', 'm2'] });

    const direct = { ...delivery('q10', 'd10'), mode: 'deliver_only' as const };
    expect(await startInlineDelivery(db.fork(), direct, lease('request'))).toEqual({ sentParts: [] });
    await recordSentParts(db.fork(), direct.id, 'request', ['p1']);
    await markFailed(db.fork(), direct.id, 'request', 'part 2 failed');
    // A different message under the same key (the route's prompt changed) starts over.
    const edited = { ...direct, id: randomUUID(), prompt: 'edited' };
    expect(await startInlineDelivery(db.fork(), edited, lease('request'))).toEqual({ sentParts: [] });
    await markFailed(db.fork(), edited.id, 'request', 'failed at once');
    const retry = { ...direct, id: randomUUID() };
    expect(await startInlineDelivery(db.fork(), retry, lease('request'))).toEqual({ sentParts: ['p1'] });
  });

  it('stores a batch in one statement, keeping one row per key', async () => {
    const a = delivery('q7', 'same');
    const b = { ...delivery('q7', 'same'), id: randomUUID() };
    const c = { ...delivery('q7', 'other'), payloadJson: '{"raw": true}' };
    const stored = await enqueueDeliveries(db.fork(), [a, b, c]);
    expect(stored.size).toBe(2);
    expect(stored.has(c.id)).toBe(true);
    const [claimed] = (await claimDueDeliveries(db.fork(), lease('w'), 50)).filter((item) => item.id === c.id);
    expect(claimed?.payload).toEqual({ raw: true });
  });

  it('lists recent deliveries per route and purges expired keys', async () => {
    const event = delivery('q6', 'd6');
    await enqueueDelivery(db.fork(), event);
    await claimDueDeliveries(db.fork(), lease('w'), 10);
    await markDelivered(db.fork(), event.id, 'w', { resultRef: null, keyTtlMs: 1 });
    // The key expires on the database's clock: moved past it rather than waited for.
    await db
      .fork()
      .execute("update webhook_idempotency set expires_at = now() - interval '1 second' where key = ?", [event.idempotencyKey]);
    expect(await wasRecentlyDelivered(db.fork(), event.idempotencyKey)).toBe(false);
    expect(await purgeExpiredKeys(db.fork())).toBeGreaterThanOrEqual(1);
    const listed = await listRecentDeliveries(db.fork(), { route: 'q6', limit: 5 });
    expect(listed.map((item) => item.id)).toEqual([event.id]);
    expect(listed.map(summarizeDelivery)[0]).toMatchObject({ status: 'delivered', eventType: 'issues', target: 'log' });
  });
});

// Two transactions interleaved by hand: only a server database runs them side by side.
describe.skipIf(!process.env.DATABASE_URL)('a replay arriving while the worker records the delivery', () => {
  it('is a duplicate, whichever way the commit falls', async () => {
    const original = delivery('race', 'r1');
    expect(await enqueueDelivery(db.fork(), original)).toBe(true);
    const [claimed] = await claimDueDeliveries(db.fork(), lease('w'), 10);
    expect(claimed?.id).toBe(original.id);

    // The worker's "delivered" update runs in a transaction that has not committed yet.
    const workerEm = db.fork();
    let commit: () => void = () => undefined;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let marked: () => void = () => undefined;
    const updated = new Promise<void>((resolve) => (marked = resolve));
    const recording = workerEm.transactional(async (em) => {
      expect(await markDelivered(em, original.id, 'w', { resultRef: 'ok', keyTtlMs: 60_000 })).toBe(true);
      marked();
      await committed;
    });
    await updated;
    // The replay's statement starts before that commit and would otherwise wait for it on the index:
    // the commit comes once the replay has answered or waits on a lock.
    let replayDone = false;
    const replay = enqueueDeliveries(db.fork(), [{ ...original, id: randomUUID() }]).finally(() => (replayDone = true));
    await waitFor(
      async () => {
        if (replayDone) {
          return true;
        }
        const waiting = await db
          .fork()
          .execute<{ n: number }[]>(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%insert into webhook_delivery%'",
          );

        return (waiting[0]?.n ?? 0) > 0;
      },
      20_000,
      'the replay to answer or wait on a lock',
    );
    commit();
    await recording;

    expect((await replay).size).toBe(0);
    expect(await enqueueDelivery(db.fork(), { ...original, id: randomUUID() })).toBe(false);
  });
});

// Session advisory locks of separate connections: only a server database has them.
describe.skipIf(!process.env.DATABASE_URL)('the lease lock of a delivery holder', () => {
  it('keeps a row while its holder holds the lock, and frees it at once when the holder is gone', async () => {
    const other = await testDb.open();
    try {
      const holderLock = await holdLeaseLock(other, () => undefined);
      const event = delivery('lock1', 'l1');
      await enqueueDelivery(db.fork(), event);
      const held = { workerId: 'holder', leaseMs: 60_000, lockKey: holderLock.key };
      expect((await claimDueDeliveries(other.fork(), held, 10)).map((item) => item.id)).toContain(event.id);
      // Lease and lock both alive: nobody else takes it.
      expect((await claimDueDeliveries(db.fork(), lease('thief'), 10)).some((item) => item.id === event.id)).toBe(false);
      await holderLock.release();
      const [taken] = (await claimDueDeliveries(db.fork(), lease('next'), 10)).filter((item) => item.id === event.id);
      expect(taken).toMatchObject({ attempts: 2 });
      expect(await extendLease(db.fork(), event.id, lease('holder'))).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('taking back every lease (the embedded database owner at its start)', () => {
  it('makes every running row claimable again, with its attempt counted', async () => {
    const event = delivery('takeback', 't1');
    await enqueueDelivery(db.fork(), event);
    await claimDueDeliveries(db.fork(), lease('stopped', 600_000), 10);
    expect((await claimDueDeliveries(db.fork(), lease('w'), 10)).some((item) => item.id === event.id)).toBe(false);
    expect(await takeBackAllLeases(db.fork())).toBeGreaterThanOrEqual(1);
    const [again] = (await claimDueDeliveries(db.fork(), lease('w'), 10)).filter((item) => item.id === event.id);
    expect(again).toMatchObject({ attempts: 2 });
  });
});
