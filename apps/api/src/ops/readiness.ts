import type { ServerResponse } from 'node:http';
import type { Database } from '@switchyard/db/orm';
import { pendingMigrations } from '@switchyard/db/pending-migrations';

/** The checks a readiness probe names when one fails. */
export type ReadinessCheck = 'draining' | 'database' | 'migrations';

export type ReadinessAnswer = { ready: true } | { ready: false; failing: ReadinessCheck };

export type Readiness = {
  /** From now on the process reports not ready; it keeps serving what it has. */
  startDraining(): void;
  readonly draining: boolean;
  check(): Promise<ReadinessAnswer>;
  /** Counts a request of any service of the process as in flight until its answer is done. */
  track(res: ServerResponse): void;
  /** Resolves once no tracked request is in flight, or after `graceMs`, whichever comes first. */
  settled(graceMs: number): Promise<void>;
};

/** How long the database may take to answer before the process is not ready. */
export const DATABASE_ANSWER_MS = 1_000;

/**
 * One per process, shared by every service in it: draining is a property of the process (a load
 * balancer must stop sending to all its ports at once), the database is the one it opened.
 */
export const createReadiness = (db: Pick<Database, 'fork'>, options: { answerMs?: number } = {}): Readiness => {
  let draining = false;
  let inFlight = 0;
  const waiters = new Set<() => void>();
  const answerMs = options.answerMs ?? DATABASE_ANSWER_MS;

  const checkDatabase = async (): Promise<ReadinessAnswer> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), answerMs);
    });
    try {
      const pending = await Promise.race([pendingMigrations(db.fork()), late]);
      if (pending === 'late') {
        return { ready: false, failing: 'database' };
      }

      return pending.length === 0 ? { ready: true } : { ready: false, failing: 'migrations' };
    } catch {
      return { ready: false, failing: 'database' };
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    startDraining: () => {
      draining = true;
    },
    get draining() {
      return draining;
    },
    // Draining answers at once: a process on its way out need not ask its database.
    check: async () => (draining ? { ready: false, failing: 'draining' } : checkDatabase()),
    track: (res) => {
      inFlight++;
      res.once('close', () => {
        inFlight--;
        if (inFlight === 0) {
          waiters.forEach((wake) => wake());
        }
      });
    },
    settled: async (graceMs) => {
      if (inFlight === 0) {
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      let wake: () => void = () => undefined;
      await Promise.race([
        new Promise<void>((resolve) => {
          wake = resolve;
          waiters.add(wake);
        }),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      waiters.delete(wake);
      clearTimeout(timer);
    },
  };
};
