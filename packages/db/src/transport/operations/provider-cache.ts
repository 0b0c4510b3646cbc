import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';
import { ProviderCache } from './entities.ts';

/**
 * The provider answer cache (Migration20261124000510): one row per question asked of an outside
 * provider. The answer is kept as the JSON text it was sent as, so a cached answer reads exactly
 * like a fresh one.
 */

export type StoredAnswer = { fresh: string | null; filling: boolean };

/** The answer stored for `key` while it is fresh, and whether a process is asking the provider for it. */
export const readStoredAnswer = async (em: SqlEntityManager, key: string, now: Date): Promise<StoredAnswer> => {
  const row = await db(em)
    .selectFrom('transport_provider_cache')
    .select((eb) => [
      eb.case().when('fresh_until', '>', now).then(eb.ref('answer')).end().as('fresh'),
      eb.fn
        .coalesce(eb('filling_until', '>', now), eb.lit(false))
        .$castTo<boolean>()
        .as('filling'),
    ])
    .where('key', '=', key)
    .executeTakeFirst();

  return { fresh: row?.fresh ?? null, filling: row?.filling ?? false };
};

/**
 * Takes the right to ask the provider for `key` until `fillingUntil`: true when no fresh answer is
 * stored and no other process holds that right (or its time ran out). One statement, so two
 * processes asking at once cannot both win.
 */
export const claimAnswerFill = async (em: SqlEntityManager, key: string, now: Date, fillingUntil: Date): Promise<boolean> => {
  const rows = await db(em)
    .insertInto('transport_provider_cache')
    .values({ key, filling_until: fillingUntil, updated_at: now })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet((update) => ({ filling_until: update.ref('excluded.filling_until'), updated_at: update.ref('excluded.updated_at') }))
        .where((eb) =>
          eb.and([
            eb.or([eb('transport_provider_cache.answer', 'is', null), eb('transport_provider_cache.fresh_until', '<=', now)]),
            eb.or([eb('transport_provider_cache.filling_until', 'is', null), eb('transport_provider_cache.filling_until', '<=', now)]),
          ]),
        ),
    )
    .returning('key')
    .execute();

  return rows.length > 0;
};

/** Stores the answer for `key` until `freshUntil` and gives up the right to fill it. */
export const storeAnswer = async (em: SqlEntityManager, key: string, answer: string, now: Date, freshUntil: Date): Promise<void> => {
  await em.nativeUpdate(ProviderCache, { key }, { answer, freshUntil, fillingUntil: null, updatedAt: now });
};

/** Gives up the right to fill `key` without an answer, so the next caller may ask. */
export const releaseAnswerFill = async (em: SqlEntityManager, key: string): Promise<void> => {
  await em.nativeUpdate(ProviderCache, { key }, { fillingUntil: null });
};

/** Drops rows untouched since `olderThan`: answers long stale, for questions nobody asks again. */
export const sweepProviderCache = async (em: SqlEntityManager, olderThan: Date): Promise<void> => {
  await em.nativeDelete(ProviderCache, { updatedAt: { $lt: olderThan } });
};
