import type { Clock } from '../clock.ts';

/**
 * The one engine of the durable queues (webhook deliveries and the mail outbox): jobs are rows
 * claimed under a lease (the queue's own `claim`, which also takes back rows whose lease ran
 * out), run up to `concurrency` at a time, and settled by the job itself
 * (done, retried with backoff, failed: `afterFailure`, and the lease released). A polling worker
 * claims as slots free up and sleeps `pollMs` between empty claims; a stepped one claims only when
 * a test calls `runOnce()` or `drain()`.
 */
export type LeaseWorker = {
  /** Wakes the worker at once (work was just queued) instead of at the next poll. */
  nudge(): void;
  /** One claim and the runs it started, awaited: answers how many jobs ran. */
  runOnce(): Promise<number>;
  /** Claims and runs until a claim finds nothing due: answers how many jobs ran. */
  drain(): Promise<number>;
  /** Resolves once the polling loop's claim under way and the jobs it is running have settled. */
  settled(): Promise<void>;
  /** Stops claiming and waits for running jobs (up to `graceMs`); their leases lapse and are taken back. */
  stop(graceMs?: number): Promise<void>;
};

/** Work done between claims at most once per `everyMs` (a sweep, a cache refresh). */
export type Chore = { everyMs: number; run(): Promise<void> };

export type LeaseWorkerOptions<Job> = {
  /** Takes up to `limit` due jobs, each leased to this worker. */
  claim(limit: number): Promise<Job[]>;
  /** Runs one job to its outcome and records it; a throw is reported to `crashed`. */
  run(job: Job): Promise<void>;
  concurrency: number;
  pollMs: number;
  clock: Clock;
  /** Before the first claim (e.g. taking a lease lock); answers false when it gave up because the worker stopped. */
  prepare?: (stopped: () => boolean, sleep: (ms: number) => Promise<void>) => Promise<boolean>;
  /** Run before each stepped claim, and by a polling worker at their own pace. */
  beforeClaim?: Chore;
  /** Run by a polling worker when a claim left slots free. */
  idleChores?: readonly Chore[];
  crashed(job: Job, error: unknown): void;
  claimFailed(error: unknown): void;
  /** After the last job settled or the grace ran out. */
  stopped?: () => Promise<void>;
  /** No polling loop: jobs run only when runOnce() or drain() is called. */
  stepped?: boolean;
};

/** What a failed attempt leads to: another attempt after a backoff, or giving up. */
export type FailureStep = { kind: 'give_up'; exhausted: boolean } | { kind: 'retry'; delayMs: number };

/**
 * The retry rule shared by the queues: a permanent failure, or one at the last allowed attempt,
 * gives up (`exhausted` tells the two apart); any other is retried after `backoffMs(attempts)`.
 */
export const afterFailure = (
  attempt: { attempts: number; maxAttempts: number; permanent: boolean },
  backoffMs: (attempts: number) => number,
): FailureStep => {
  if (attempt.permanent || attempt.attempts >= attempt.maxAttempts) {
    return { kind: 'give_up', exhausted: !attempt.permanent };
  }

  return { kind: 'retry', delayMs: backoffMs(attempt.attempts) };
};

/**
 * Keeps a running job's lease alive every `everyMs` until the returned function is called; a
 * failed extension is reported and the next one tried, the job is not stopped for it.
 */
export const keepLeaseAlive = (extend: () => Promise<unknown>, everyMs: number, failed: (error: unknown) => void): (() => void) => {
  const heartbeat = setInterval(() => {
    extend().catch(failed);
  }, everyMs);

  return () => clearInterval(heartbeat);
};

export const startLeaseWorker = <Job>(options: LeaseWorkerOptions<Job>): LeaseWorker => {
  const { clock, concurrency, pollMs } = options;
  const running = new Set<Promise<void>>();
  const lastRun = new Map<Chore, number>();
  let stopped = false;
  let wake: (() => void) | null = null;
  /** The polling loop's claim under way: its jobs are not in `running` until it answers. */
  let claiming: Promise<Job[]> | null = null;

  const due = (chore: Chore) => clock.now() - (lastRun.get(chore) ?? Number.NEGATIVE_INFINITY) >= chore.everyMs;
  const runChore = async (chore: Chore) => {
    lastRun.set(chore, clock.now());
    await chore.run();
  };

  const runGuarded = (job: Job): Promise<void> =>
    options.run(job).catch((error: unknown) => {
      options.crashed(job, error);
    });

  const track = (job: Job) => {
    const task = runGuarded(job).finally(() => {
      running.delete(task);
      wake?.();
    });
    running.add(task);
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  let prepared: Promise<boolean> | null = null;
  const ready = () => (prepared ??= options.prepare === undefined ? Promise.resolve(true) : options.prepare(() => stopped, sleep));

  const runOnce = async (): Promise<number> => {
    await ready();
    if (options.beforeClaim !== undefined) {
      await runChore(options.beforeClaim);
    }
    const jobs = await options.claim(concurrency);
    await Promise.all(jobs.map(runGuarded));

    return jobs.length;
  };

  const drain = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const ran = await runOnce();
      total += ran;
      if (ran === 0) {
        return total;
      }
    }
  };

  const loop = async () => {
    if (!(await ready())) {
      return;
    }
    while (!stopped) {
      try {
        // Once per poll, not per claim: a busy worker claims back to back.
        if (options.beforeClaim !== undefined && due(options.beforeClaim)) {
          await runChore(options.beforeClaim);
        }
        const free = concurrency - running.size;
        if (free > 0) {
          // Tracked before the claim counts as done, so settled() never sees it between the two.
          const claim = options.claim(free).then((claimed) => {
            claimed.forEach(track);

            return claimed;
          });
          claiming = claim;
          const jobs = await claim.finally(() => (claiming = null));
          if (jobs.length === free) {
            continue;
          }
        }
        for (const chore of options.idleChores ?? []) {
          if (due(chore)) {
            await runChore(chore);
          }
        }
      } catch (error) {
        if (stopped) {
          break;
        }
        options.claimFailed(error);
      }
      // A stop that came while the loop was claiming found no sleep to cut short: it must not start one.
      if (stopped) {
        break;
      }
      await sleep(pollMs);
    }
  };

  const looping = options.stepped === true ? Promise.resolve() : loop();

  return {
    runOnce,
    drain,
    settled: async () => {
      while (claiming !== null || running.size > 0) {
        await Promise.allSettled([claiming, ...running]);
      }
    },
    // With every slot busy a wake-up would only find no room; a finishing job wakes the loop anyway.
    nudge: () => {
      if (running.size < concurrency) {
        wake?.();
      }
    },
    stop: async (graceMs = 5_000) => {
      stopped = true;
      wake?.();
      await looping;
      await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
      // What is still running past the grace is another worker's to take back.
      if (prepared !== null) {
        await prepared;
      }
      await options.stopped?.();
    },
  };
};
