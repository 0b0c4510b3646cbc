import type { SqlEntityManager } from '@mikro-orm/sql';
import { formatSequenceNumber, type NumberPrefix } from '@switchyard/domain/claims/numbering';

/**
 * Takes the next number of a (prefix, year) counter inside the caller's transaction. The row lock
 * serialises concurrent takers and a rollback returns the number, so numbers have no gaps.
 */
export const takeSequenceNumber = async (tx: SqlEntityManager, prefix: NumberPrefix, year: number): Promise<string> => {
  const rows = await tx.execute<{ counter: number }[]>(
    `insert into number_sequence (prefix, year, counter) values (?, ?, 1)
     on conflict (prefix, year) do update set counter = number_sequence.counter + 1
     returning counter`,
    [prefix, year],
  );
  const counter = rows[0]?.counter;
  if (counter === undefined) {
    throw new Error('number sequence returned no row');
  }

  return formatSequenceNumber(prefix, year, counter);
};
