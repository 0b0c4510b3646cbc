import { describe, expect, it } from 'vitest';
import type { Clock } from '../clock.ts';
import { afterFailure, startLeaseWorker } from './lease-worker.ts';

/** A clock the test moves by hand. */
const testClock = (start = 1_000_000): Clock & { advance(ms: number): void } => {
  let now = start;

  return { now: () => now, advance: (ms) => (now += ms) };
};

/** A queue of numbers: claim takes up to `limit` from the front. */
const queueOf = (items: number[]) => ({
  items,
  claim: (limit: number) => Promise.resolve(items.splice(0, limit)),
});

const noReport = () => undefined;

describe('lease worker', () => {
  it('runOnce claims up to the concurrency and awaits the runs; drain runs until nothing is due', async () => {
    const queue = queueOf([1, 2, 3, 4, 5]);
    const ran: number[] = [];
    const worker = startLeaseWorker<number>({
      claim: queue.claim,
      run: (job) => Promise.resolve(void ran.push(job)),
      concurrency: 2,
      pollMs: 10,
      clock: testClock(),
      crashed: noReport,
      claimFailed: noReport,
      stepped: true,
    });
    expect(await worker.runOnce()).toBe(2);
    expect(ran).toEqual([1, 2]);
    expect(await worker.drain()).toBe(3);
    expect(ran).toEqual([1, 2, 3, 4, 5]);
    expect(await worker.runOnce()).toBe(0);
    await worker.stop(0);
  });

  it("settled waits for the polling loop's claim under way and the jobs it started", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: number[] = [];
    const finished: number[] = [];
    let claimed: () => void = () => undefined;
    const firstClaim = new Promise<void>((resolve) => (claimed = resolve));
    const queue = queueOf([1]);
    const worker = startLeaseWorker<number>({
      claim: async (limit) => {
        const jobs = await queue.claim(limit);
        if (jobs.length > 0) {
          claimed();
        }

        return jobs;
      },
      run: async (job) => {
        started.push(job);
        await gate;
        finished.push(job);
      },
      concurrency: 2,
      pollMs: 60_000,
      clock: testClock(),
      crashed: noReport,
      claimFailed: noReport,
    });
    await firstClaim;
    let settled = false;
    const waiting = worker.settled().then(() => (settled = true));
    await Promise.resolve();
    expect(started).toEqual([1]);
    expect(settled).toBe(false);
    release();
    await waiting;
    expect(finished).toEqual([1]);
    await worker.stop(0);
  });

  it('a job that throws is reported and does not stop the others', async () => {
    const crashed: number[] = [];
    const ran: number[] = [];
    const worker = startLeaseWorker<number>({
      claim: queueOf([1, 2, 3]).claim,
      run: (job) => (job === 2 ? Promise.reject(new Error('boom')) : Promise.resolve(void ran.push(job))),
      concurrency: 3,
      pollMs: 10,
      clock: testClock(),
      crashed: (job) => crashed.push(job),
      claimFailed: noReport,
      stepped: true,
    });
    expect(await worker.runOnce()).toBe(3);
    expect(ran).toEqual([1, 3]);
    expect(crashed).toEqual([2]);
  });

  it('runs the before-claim chore at each stepped claim and prepares once', async () => {
    let prepared = 0;
    let chores = 0;
    const worker = startLeaseWorker<number>({
      claim: queueOf([]).claim,
      run: () => Promise.resolve(),
      concurrency: 1,
      pollMs: 10,
      clock: testClock(),
      prepare: () => Promise.resolve(Boolean(++prepared)),
      beforeClaim: { everyMs: 60_000, run: () => Promise.resolve(void chores++) },
      crashed: noReport,
      claimFailed: noReport,
      stepped: true,
    });
    await worker.runOnce();
    await worker.runOnce();
    expect(prepared).toBe(1);
    expect(chores).toBe(2);
  });

  it('a polling worker runs what is queued after a nudge, and stop waits for it', async () => {
    const queue = queueOf([]);
    const ran: number[] = [];
    let stoppedHook = 0;
    let ranAll: () => void = () => undefined;
    const allRan = new Promise<void>((resolve) => (ranAll = resolve));
    const worker = startLeaseWorker<number>({
      claim: queue.claim,
      run: (job) => {
        ran.push(job);
        if (ran.length === 3) {
          ranAll();
        }

        return Promise.resolve();
      },
      concurrency: 2,
      // Far longer than the test: only the nudge can start the runs.
      pollMs: 3_600_000,
      clock: testClock(),
      crashed: noReport,
      claimFailed: noReport,
      stopped: () => Promise.resolve(void stoppedHook++),
    });
    queue.items.push(1, 2, 3);
    worker.nudge();
    await allRan;
    await worker.stop(0);
    expect(ran).toEqual([1, 2, 3]);
    expect(stoppedHook).toBe(1);
  });
});

describe('afterFailure', () => {
  const backoff = (attempts: number) => attempts * 1_000;

  it('retries with the backoff of the attempt while attempts remain', () => {
    expect(afterFailure({ attempts: 2, maxAttempts: 5, permanent: false }, backoff)).toEqual({ kind: 'retry', delayMs: 2_000 });
  });

  it('gives up at the last attempt, and at once on a permanent failure', () => {
    expect(afterFailure({ attempts: 5, maxAttempts: 5, permanent: false }, backoff)).toEqual({ kind: 'give_up', exhausted: true });
    expect(afterFailure({ attempts: 1, maxAttempts: 5, permanent: true }, backoff)).toEqual({ kind: 'give_up', exhausted: false });
  });
});
