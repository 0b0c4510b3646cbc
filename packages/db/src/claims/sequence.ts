import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../kysely.ts';
import { formatSequenceNumber, type NumberPrefix } from '@switchyard/domain/claims/numbering';

/**
 * Takes the next number of a (prefix, year) counter inside the caller's transaction. The row lock
 * serialises concurrent takers and a rollback returns the number, so numbers have no gaps.
 */
export const takeSequenceNumber = async (tx: SqlEntityManager, prefix: NumberPrefix, year: number): Promise<string> => {
  const row = await db(tx)
    .insertInto('number_sequence')
    .values({ prefix, year, counter: 1 })
    .onConflict((conflict) =>
      conflict.columns(['prefix', 'year']).doUpdateSet((eb) => ({ counter: eb('number_sequence.counter', '+', 1) })),
    )
    .returning('counter')
    .executeTakeFirst();
  const counter = row?.counter;
  if (counter === undefined) {
    throw new Error('number sequence returned no row');
  }

  return formatSequenceNumber(prefix, year, counter);
};
