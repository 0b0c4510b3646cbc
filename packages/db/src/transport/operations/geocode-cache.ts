import type { SqlEntityManager } from '@mikro-orm/sql';
import { db, jsonb } from '../../kysely.ts';

/**
 * Address search answers (Migration20261128020000): keyed by the normalised query and the search
 * area it was asked for, served while younger than the age limit. Writing one also drops the rows
 * past that limit, so the table holds about a month of distinct searches and needs no sweep.
 */

export type StoredGeocode = { results: unknown[] };

export const readGeocodeAnswer = async (
  em: SqlEntityManager,
  key: { query: string; area: string },
  youngerThan: Date,
): Promise<unknown[] | null> => {
  const row = await db(em)
    .selectFrom('transport_geocode_cache')
    .select('results')
    .where('query', '=', key.query)
    .where('area', '=', key.area)
    .where('fetched_at', '>', youngerThan)
    .executeTakeFirst();
  if (!row) {
    return null;
  }

  return (typeof row.results === 'string' ? JSON.parse(row.results) : row.results) as unknown[];
};

export const storeGeocodeAnswer = (
  em: SqlEntityManager,
  key: { query: string; area: string },
  results: unknown[],
  now: Date,
  olderThan: Date,
): Promise<void> =>
  em.fork().transactional(async (tx) => {
    await db(tx).deleteFrom('transport_geocode_cache').where('fetched_at', '<=', olderThan).execute();
    await db(tx)
      .insertInto('transport_geocode_cache')
      .values({ query: key.query, area: key.area, results: jsonb(results), fetched_at: now })
      .onConflict((conflict) =>
        conflict
          .columns(['query', 'area'])
          .doUpdateSet((update) => ({ results: update.ref('excluded.results'), fetched_at: update.ref('excluded.fetched_at') })),
      )
      .execute();
  });
