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

/**
 * The connection was lost under the statement: the server ended the session (57P01-57P03, a
 * restart or an operator's pg_terminate_backend), a connection_exception (class 08), or the socket
 * died before the server said anything. A statement that was cut this way did not commit.
 */
export const isConnectionLost = (error: unknown): boolean => {
  const state = sqlState(error) ?? '';
  if (/^57P0[123]$/.test(state) || state.startsWith('08') || ['ECONNRESET', 'ECONNREFUSED', 'EPIPE'].includes(state)) {
    return true;
  }
  const message = error instanceof Error ? error.message : '';

  return /Connection terminated|terminating connection|server closed the connection|not queryable/i.test(message);
};

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
 * After a lost connection the pool may still hold it (it was handed back before its socket closed)
 * and would give it out again. A few trivial reads push such dead connections out of the pool;
 * true once one answers.
 */
const poolAnswers = async (em: SqlEntityManager, probes = 4): Promise<boolean> => {
  for (let probe = 1; probe <= probes; probe++) {
    try {
      // Hand-written: a probe touches no table, so there is nothing for the ORM to build.
      await em.fork().execute('select 1');

      return true;
    } catch (error) {
      if (!isConnectionLost(error)) {
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 20 * probe));
    }
  }

  return false;
};

/**
 * Runs one statement on its own (autocommit): the statement is its own transaction, so the locks
 * it takes are released by the database's commit, never held across a round trip to this process.
 * Besides the retryable conflicts, a statement whose connection was lost is run once more, on a
 * fresh connection from the pool: a single statement cut off mid-run was rolled back, so running it
 * again does not apply it twice. (Only a connection lost after the commit but before its answer
 * arrived could; that window is the network's round trip.)
 */
export const statementWithRetry = async <T>(em: SqlEntityManager, run: (em: SqlEntityManager) => Promise<T>, attempts = 8): Promise<T> => {
  let reconnected = false;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(em.fork());
    } catch (error) {
      if (!reconnected && isConnectionLost(error) && (await poolAnswers(em))) {
        reconnected = true;
        continue;
      }
      if (attempt >= attempts || !isRetryable(error)) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
};
