import type { SqlEntityManager } from '@mikro-orm/sql';
import { databaseNow, db, jsonb } from '../kysely.ts';

export type SharedSubscription = { name: string; entry: Record<string, unknown> | null; version: number };

/**
 * Records a subscription as the CLI wrote it (null: removed) for every gateway of the database.
 * Each change raises the row's version, which is how a gateway knows to apply it.
 */
export const publishSubscription = async (em: SqlEntityManager, name: string, entry: Record<string, unknown> | null): Promise<void> => {
  await db(em)
    .insertInto('webhook_subscription')
    .values({ name, entry: entry === null ? null : jsonb(entry), version: 1, updated_at: databaseNow })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet((eb) => ({
        entry: eb.ref('excluded.entry'),
        version: eb('webhook_subscription.version', '+', 1),
        updated_at: databaseNow,
      })),
    )
    .execute();
};

/** Every subscription's name and version: what a gateway compares with what it applied. */
export const subscriptionVersions = async (em: SqlEntityManager): Promise<Map<string, number>> => {
  const rows = await db(em).selectFrom('webhook_subscription').select(['name', 'version']).execute();

  return new Map(rows.map((row) => [row.name, row.version]));
};

/** The named subscriptions (all when `names` is absent), removed ones with a null entry. */
export const readSharedSubscriptions = async (em: SqlEntityManager, names?: string[]): Promise<SharedSubscription[]> => {
  if (names !== undefined && names.length === 0) {
    return [];
  }
  let query = db(em).selectFrom('webhook_subscription').select(['name', 'entry', 'version']);
  if (names !== undefined) {
    query = query.where('name', 'in', names);
  }
  const rows = await query.execute();

  return rows.map((row) => ({ name: row.name, entry: (row.entry as Record<string, unknown> | null) ?? null, version: row.version }));
};
