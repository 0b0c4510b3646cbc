import type { SqlEntityManager } from '@mikro-orm/sql';

/**
 * Deletes one bounded batch of finished delivery rows (delivered, or failed for good) that finished
 * before `cutoff`, the oldest first, and answers how many. Queued and running rows (retries
 * included) are never touched. A row still named by an idempotency key inside its window at `now`
 * stays until the key expires, so a sender's retry is still recognised; the expired keys that name
 * a deleted row go with it. Nothing else references a delivery row by foreign key (the attempt log
 * is a column of the row). Hand-written: a delete through a CTE that also deletes the keys.
 */
export const deleteExpiredDeliveries = async (em: SqlEntityManager, cutoff: Date, now: Date, limit: number): Promise<number> => {
  const rows = await em.execute<{ n: number }[]>(
    `with gone as (
       delete from webhook_delivery where id in (
         select d.id from webhook_delivery d
          where d.status in ('delivered', 'failed') and d.finished_at < ?
            and not exists (select 1 from webhook_idempotency i where i.delivery_id = d.id and i.expires_at > ?)
          order by d.finished_at
          limit ?)
       returning id),
     keys as (delete from webhook_idempotency where delivery_id in (select id from gone) returning 1)
     select count(*)::int as n from gone`,
    [cutoff, now, limit],
  );

  return Number(rows[0]?.n ?? 0);
};
