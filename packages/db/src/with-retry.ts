import type { SqlEntityManager } from '@mikro-orm/sql';

/**
 * SQLSTATEs after which the same transaction may simply be run again: serialization failure,
 * deadlock, and a unique violation from two requests creating the same row at the same moment.
 */
const RETRYABLE = new Set(['40001', '40P01', '23505', '55P03']);

const sqlState = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;

  return typeof code === 'string' ? code : undefined;
};

export const isRetryable = (error: unknown): boolean => RETRYABLE.has(sqlState(error) ?? '');

/** Runs `work` in one transaction, starting over when the database says a retry will succeed. */
export const transactionWithRetry = async <T>(
  em: SqlEntityManager,
  work: (tx: SqlEntityManager) => Promise<T>,
  attempts = 8,
): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await em.fork().transactional((tx) => work(tx as SqlEntityManager));
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) {
        throw error;
      }
      // A little jitter so the contenders do not collide again in lockstep.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
};

/**
 * Runs one statement on its own (autocommit): the statement is its own transaction, so the locks
 * it takes are released by the database's commit, never held across a round trip to this process.
 */
export const statementWithRetry = async <T>(em: SqlEntityManager, run: (em: SqlEntityManager) => Promise<T>, attempts = 8): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(em.fork());
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
};
