import type { SqlEntityManager } from '@mikro-orm/sql';

/**
 * The provider answer cache (Migration20261124000510): one row per question asked of an outside
 * provider. The answer is kept as the JSON text it was sent as, so a cached answer reads exactly
 * like a fresh one.
 */

export type StoredAnswer = { fresh: string | null; filling: boolean };

/** The answer stored for `key` while it is fresh, and whether a process is asking the provider for it. */
export const readStoredAnswer = async (em: SqlEntityManager, key: string, now: Date): Promise<StoredAnswer> => {
  const rows = await em.execute<{ fresh: string | null; filling: boolean }[]>(
    `select case when fresh_until > ? then answer end as fresh, coalesce(filling_until > ?, false) as filling
       from transport_provider_cache where key = ?`,
    [now, now, key],
  );

  return { fresh: rows[0]?.fresh ?? null, filling: rows[0]?.filling ?? false };
};

/**
 * Takes the right to ask the provider for `key` until `fillingUntil`: true when no fresh answer is
 * stored and no other process holds that right (or its time ran out). One statement, so two
 * processes asking at once cannot both win.
 */
export const claimAnswerFill = async (em: SqlEntityManager, key: string, now: Date, fillingUntil: Date): Promise<boolean> => {
  const rows = await em.execute<{ key: string }[]>(
    `insert into transport_provider_cache (key, filling_until, updated_at) values (?, ?, ?)
     on conflict (key) do update set filling_until = excluded.filling_until, updated_at = excluded.updated_at
       where (transport_provider_cache.answer is null or transport_provider_cache.fresh_until <= ?)
         and (transport_provider_cache.filling_until is null or transport_provider_cache.filling_until <= ?)
     returning key`,
    [key, fillingUntil, now, now, now],
  );

  return rows.length > 0;
};

/** Stores the answer for `key` until `freshUntil` and gives up the right to fill it. */
export const storeAnswer = async (em: SqlEntityManager, key: string, answer: string, now: Date, freshUntil: Date): Promise<void> => {
  await em.execute('update transport_provider_cache set answer = ?, fresh_until = ?, filling_until = null, updated_at = ? where key = ?', [
    answer,
    freshUntil,
    now,
    key,
  ]);
};

/** Gives up the right to fill `key` without an answer, so the next caller may ask. */
export const releaseAnswerFill = async (em: SqlEntityManager, key: string): Promise<void> => {
  await em.execute('update transport_provider_cache set filling_until = null where key = ?', [key]);
};

/** Drops rows untouched since `olderThan`: answers long stale, for questions nobody asks again. */
export const sweepProviderCache = async (em: SqlEntityManager, olderThan: Date): Promise<void> => {
  await em.execute('delete from transport_provider_cache where updated_at < ?', [olderThan]);
};
