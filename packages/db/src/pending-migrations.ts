import type { SqlEntityManager } from '@mikro-orm/sql';
import { migrationsList } from './migrations/index.ts';

/**
 * The migrations this build knows that the database has not recorded as applied. One read of the
 * migrator's table, so it doubles as the readiness probe's "the database answers a real query".
 */
export const pendingMigrations = async (em: SqlEntityManager): Promise<string[]> => {
  const rows = await em.getConnection().execute<{ name: string }[]>('select name from mikro_orm_migrations');
  const applied = new Set(rows.map((row) => row.name));

  return migrationsList.map((migration) => migration.name).filter((name) => !applied.has(name));
};
