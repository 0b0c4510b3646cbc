import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../packages/db/src/orm.ts';
import { createLogger } from '../../apps/api/src/logger.ts';
import { createLocalDocumentStore } from '../../apps/api/src/claims/document-store/local-store.ts';
import type { DocumentStore } from '../../apps/api/src/claims/document-store/document-store.ts';
import { startRetentionSweep, type RetentionStep } from '../../apps/api/src/retention/retention-sweep.ts';
import {
  claimsRetentionSteps,
  CLAIMS_RETENTION_LOCK_KEY,
  TRANSPORT_RETENTION_LOCK_KEY,
  transportRetentionSteps,
} from '../../apps/api/src/retention/service-retention.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { seedClaim, seedClient, type SeededClaim } from './retention-support.ts';

/**
 * The daily retention sweep, stepped with runOnce() at a clock the test moves: what expired goes,
 * in bounded batches, and nothing younger.
 */
const DAY = 86_400_000;
const T0 = new Date('2034-06-15T12:00:00Z').getTime();
const BATCH = 10;

let database: TestDatabase;
let db: Database;
let store: DocumentStore;
const uploadDir = mkdtempSync(join(tmpdir(), 'switchyard-retention-'));
const logLines: string[] = [];
const logger = createLogger({ level: 'info', destination: { write: (line: string) => void logLines.push(line) } });

beforeAll(async () => {
  database = await createTestDatabase();
  db = await database.open();
  store = createLocalDocumentStore(uploadDir);
}, 120_000);
afterAll(async () => {
  await db?.close();
  await database?.dispose();
  rmSync(uploadDir, { recursive: true, force: true });
});

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.fork().execute<{ n: number }[]>(`select count(*)::int as n from ${sql}`, params))[0]?.n);

/** Wraps each step so the test sees every batch's size. */
const observed = (steps: RetentionStep[], batches: Record<string, number[]>): RetentionStep[] =>
  steps.map((step) => ({
    name: step.name,
    batch: async (cutoffs, limit) => {
      const removed = await step.batch(cutoffs, limit);
      (batches[step.name] ??= []).push(removed);

      return removed;
    },
  }));

describe('transport retention', () => {
  it('removes positions, arrivals and estimates older than POSITION_RETENTION_DAYS and live.watch rows older than 90 days, in batches', async () => {
    const em = db.fork();
    await em.execute(`insert into transport_route (tenant_id, id, name) values ('demo', 'r1', 'Route 1')`);
    await em.execute(
      `insert into transport_bus (tenant_id, id, lat, lng, last_update) values ('demo', 'bus-old', 40.1, -75.1, ?), ('demo', 'bus-new', 40.2, -75.2, ?)`,
      [new Date(T0 - 31 * DAY), new Date(T0 - 29 * DAY)],
    );
    // 25 old estimates (three batches of at most 10) and 5 of 29 days.
    const snapshots = `insert into transport_eta_snapshot (tenant_id, route_id, trip_date, direction, stop_position, horizon_minutes, eta, made_at)
      select 'demo', 'r1', ?::date, 'morning', g, 5, ?, ? from generate_series(1, ?) g`;
    await em.execute(snapshots, ['2034-05-01', new Date(T0 - 31 * DAY), new Date(T0 - 31 * DAY), 25]);
    await em.execute(snapshots, ['2034-05-20', new Date(T0 - 29 * DAY), new Date(T0 - 29 * DAY), 5]);
    for (const [day, age] of [
      ['2034-05-01', 31],
      ['2034-05-20', 29],
    ] as const) {
      const at = new Date(T0 - age * DAY);
      await em.execute(
        `insert into transport_stop_arrival (tenant_id, route_id, trip_date, direction, stop_position, bus_id, arrived_at) values ('demo', 'r1', ?, 'morning', 1, 'bus-old', ?)`,
        [day, at],
      );
      await em.execute(
        `insert into transport_late_notice (tenant_id, route_id, trip_date, direction, stop_position, scheduled_at, eta, minutes_late, notified_at) values ('demo', 'r1', ?, 'morning', 1, ?, ?, 7, ?)`,
        [day, at, at, at],
      );
    }
    const audit = `insert into transport_audit_log (id, tenant_id, actor, action, created_at) values (gen_random_uuid(), 'demo', 'parent@x.test', ?, ?)`;
    await em.execute(audit, ['live.watch', new Date(T0 - 91 * DAY)]);
    await em.execute(audit, ['live.watch', new Date(T0 - 89 * DAY)]);
    // Only live.watch rows expire: an older audit row of another action stays.
    await em.execute(audit, ['household.update', new Date(T0 - 400 * DAY)]);

    let now = T0;
    const batches: Record<string, number[]> = {};
    const sweep = startRetentionSweep({
      name: 'transport',
      lockKey: TRANSPORT_RETENTION_LOCK_KEY,
      db,
      settings: { positionRetentionDays: 30, claimsRetentionYears: 7 },
      steps: observed(transportRetentionSteps(db), batches),
      clock: { now: () => now },
      logger,
      batchRows: BATCH,
      stepped: true,
    });

    const first = await sweep.runOnce();
    expect(first).toEqual({ eta_snapshots: 25, stop_arrivals: 1, late_notices: 1, near_stop: 0, bus_positions: 1, live_watch_audit: 1 });
    expect(batches.eta_snapshots).toEqual([10, 10, 5]);
    expect(
      Object.values(batches)
        .flat()
        .every((size) => size <= BATCH),
    ).toBe(true);
    expect(await count(`transport_eta_snapshot where trip_date = '2034-05-20'`)).toBe(5);
    expect(await count('transport_eta_snapshot')).toBe(5);
    expect(await count('transport_stop_arrival')).toBe(1);
    expect(await count('transport_late_notice')).toBe(1);
    const buses = await db
      .fork()
      .execute<{ id: string; lat: number | null; last_update: Date | null }[]>(
        `select id, lat, last_update from transport_bus order by id`,
      );
    expect(buses.map((bus) => [bus.id, bus.lat, bus.last_update === null])).toEqual([
      ['bus-new', 40.2, false],
      ['bus-old', null, true],
    ]);
    expect(await count(`transport_audit_log where action = 'live.watch'`)).toBe(1);
    expect(await count(`transport_audit_log where action = 'household.update'`)).toBe(1);
    expect(logLines.some((line) => line.includes('"sweep":"transport"') && line.includes('"eta_snapshots":25'))).toBe(true);

    // Nothing more expired: a second pass removes nothing.
    expect(Object.values((await sweep.runOnce()) ?? { none: -1 })).toEqual([0, 0, 0, 0, 0, 0]);

    // Two days later the 29-day rows are 31 days old, the 89-day row 91.
    now = T0 + 2 * DAY;
    expect(await sweep.runOnce()).toEqual({
      eta_snapshots: 5,
      stop_arrivals: 1,
      late_notices: 1,
      near_stop: 0,
      bus_positions: 1,
      live_watch_audit: 1,
    });
    expect(await count('transport_eta_snapshot')).toBe(0);
    expect(await count(`transport_audit_log where action = 'household.update'`)).toBe(1);
    await sweep.stop();
  }, 60_000);
});

describe('claims retention', () => {
  it("removes the messages and documents (rows and files) of claims closed more than CLAIMS_RETENTION_YEARS ago, keeping the claims' numbers and amounts", async () => {
    const em = db.fork();
    const clientId = await seedClient(em, {
      email: 'keeper@client.test',
      companyName: 'Keeper Ltd',
      clientNumber: 'CL-R-1',
      at: new Date(T0 - 3000 * DAY),
    });
    const years = (n: number, days = 0) => new Date(new Date(T0).setUTCFullYear(new Date(T0).getUTCFullYear() - n) - days * DAY);
    const claims: Record<string, SeededClaim> = {
      closedLongAgo: await seedClaim(em, store, {
        clientId,
        claimNumber: 'CLM-R-1',
        status: 'CLOSED',
        dateResolved: years(7, 1),
        updatedAt: years(7, 1),
      }),
      rejectedLongAgo: await seedClaim(em, store, {
        clientId,
        claimNumber: 'CLM-R-2',
        status: 'REJECTED',
        dateResolved: null,
        updatedAt: years(8),
      }),
      // Settled a day short of seven years ago: not yet expired.
      settledRecently: await seedClaim(em, store, {
        clientId,
        claimNumber: 'CLM-R-3',
        status: 'SETTLED',
        dateResolved: years(7, -1),
        updatedAt: years(7, -1),
      }),
      openForever: await seedClaim(em, store, {
        clientId,
        claimNumber: 'CLM-R-4',
        status: 'LEGAL',
        dateResolved: null,
        updatedAt: years(20),
      }),
    };
    // More notes than one batch on the oldest claim.
    await em.execute(
      `insert into claims_note (id, claim_id, author_type, author_name, content, created_at) select gen_random_uuid(), ?, 'STAFF', 'Rita', 'call ' || g, ? from generate_series(1, 14) g`,
      [claims.closedLongAgo?.id, years(7, 2)],
    );
    expect(readdirSync(uploadDir).length).toBe(4);

    let now = T0;
    const batches: Record<string, number[]> = {};
    const sweep = startRetentionSweep({
      name: 'claims',
      lockKey: CLAIMS_RETENTION_LOCK_KEY,
      db,
      settings: { positionRetentionDays: 30, claimsRetentionYears: 7 },
      steps: observed(claimsRetentionSteps(db, store), batches),
      clock: { now: () => now },
      logger,
      batchRows: BATCH,
      stepped: true,
    });
    expect(await sweep.runOnce()).toEqual({ claim_notes: 16, claim_documents: 2 });
    expect(batches.claim_notes).toEqual([10, 6]);

    const notesOf = (claim: SeededClaim | undefined) => count('claims_note where claim_id = ?', [claim?.id]);
    const documentsOf = (claim: SeededClaim | undefined) => count('claims_document where claim_id = ?', [claim?.id]);
    for (const gone of [claims.closedLongAgo, claims.rejectedLongAgo]) {
      expect(await notesOf(gone)).toBe(0);
      expect(await documentsOf(gone)).toBe(0);
    }
    for (const stays of [claims.settledRecently, claims.openForever]) {
      expect(await notesOf(stays)).toBe(1);
      expect(await documentsOf(stays)).toBe(1);
    }
    expect(readdirSync(uploadDir).sort()).toEqual([claims.settledRecently?.storageName, claims.openForever?.storageName].sort());
    // The claims themselves, their numbers and amounts, stay for the accounts.
    expect(await count(`claims_claim where client_id = ? and amount_cents = 12345`, [clientId])).toBe(4);

    // Two days on, the claim settled a day short of seven years has passed them too; the open one never does.
    now = T0 + 2 * DAY;
    expect(await sweep.runOnce()).toEqual({ claim_notes: 1, claim_documents: 1 });
    expect(readdirSync(uploadDir)).toEqual([claims.openForever?.storageName]);
    expect(await notesOf(claims.openForever)).toBe(1);
    await sweep.stop();
  }, 60_000);

  it('leaves a pass to the process holding the lock (PostgreSQL), and sweeps alone on the embedded database', async () => {
    const steps: RetentionStep[] = [{ name: 'probe', batch: async () => 0 }];
    const make = () =>
      startRetentionSweep({
        name: 'claims',
        lockKey: CLAIMS_RETENTION_LOCK_KEY,
        db,
        settings: { positionRetentionDays: 30, claimsRetentionYears: 7 },
        steps,
        clock: { now: () => T0 },
        logger,
        stepped: true,
      });
    const outer = make();
    const inner = make();
    // While the outer pass holds the lock (its step runs the inner pass), the inner one is refused.
    let innerResult: unknown = 'not run';
    const holding: RetentionStep[] = [{ name: 'probe', batch: async () => ((innerResult = await inner.runOnce()), 0) }];
    const holder = startRetentionSweep({
      name: 'claims',
      lockKey: CLAIMS_RETENTION_LOCK_KEY,
      db,
      settings: { positionRetentionDays: 30, claimsRetentionYears: 7 },
      steps: holding,
      clock: { now: () => T0 },
      logger,
      stepped: true,
    });
    expect(await holder.runOnce()).toEqual({ probe: 0 });
    expect(innerResult).toEqual(db.kind === 'postgresql' ? null : { probe: 0 });
    // Released after the pass: the next one runs.
    expect(await outer.runOnce()).toEqual({ probe: 0 });
    await Promise.all([outer.stop(), inner.stop(), holder.stop()]);
  }, 30_000);
});
