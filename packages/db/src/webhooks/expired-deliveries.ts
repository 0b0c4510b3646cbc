import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../kysely.ts';

/**
 * Deletes one bounded batch of finished delivery rows (delivered, or failed for good) that finished
 * before `cutoff`, the oldest first, and answers how many. Queued and running rows (retries
 * included) are never touched. A row still named by an idempotency key inside its window at `now`
 * stays until the key expires, so a sender's retry is still recognised; the expired keys that name
 * a deleted row go with it, in the same statement (a second data-modifying CTE). Nothing else
 * references a delivery row by foreign key (the attempt log is a column of the row).
 */
export const deleteExpiredDeliveries = async (em: SqlEntityManager, cutoff: Date, now: Date, limit: number): Promise<number> => {
  const row = await db(em)
    .with('gone', (qb) =>
      qb
        .deleteFrom('webhook_delivery')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('webhook_delivery as d')
            .select('d.id')
            .where('d.status', 'in', ['delivered', 'failed'])
            .where('d.finished_at', '<', cutoff)
            .where(({ exists, not, selectFrom, lit }) =>
              not(
                exists(
                  selectFrom('webhook_idempotency as i')
                    .select(lit(1).as('one'))
                    .whereRef('i.delivery_id', '=', 'd.id')
                    .where('i.expires_at', '>', now),
                ),
              ),
            )
            .orderBy('d.finished_at')
            .limit(limit),
        )
        .returning('id'),
    )
    .with('keys', (qb) =>
      qb
        .deleteFrom('webhook_idempotency')
        .where('delivery_id', 'in', (eb) => eb.selectFrom('gone').select('gone.id'))
        .returning('key'),
    )
    .selectFrom('gone')
    .select(({ fn }) => fn.countAll().as('n'))
    .executeTakeFirst();

  return Number(row?.n ?? 0);
};
