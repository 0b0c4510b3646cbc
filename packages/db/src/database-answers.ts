import type { SqlEntityManager } from '@mikro-orm/sql';

/**
 * Answers whether the database takes a trivial read-only query within `timeoutMs`: refused
 * connections, a closed pool or a hung server all answer false, never throw.
 */
export const databaseAnswers = async (em: SqlEntityManager, timeoutMs = 2_000): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  // Hand-written: a probe touches no table, so there is nothing for the ORM to build.
  const probe = em.execute('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timedOut]);
  } finally {
    clearTimeout(timer);
  }
};
