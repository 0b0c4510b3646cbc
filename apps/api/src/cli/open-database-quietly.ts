import type { Database } from '@switchyard/db/orm';
import type { Env } from '../env.ts';

/**
 * Opens the database for a CLI command. Migration progress lines go to stderr while it opens,
 * so that a command's stdout stays its answer alone (`--json` output is parsed by scripts).
 */
export const openDatabaseQuietly = async (env: Env): Promise<Database> => {
  // Imported on demand: commands that need no database should not pay for loading the ORM.
  const { openDatabase } = await import('@switchyard/db/orm');
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  try {
    return await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } finally {
    process.stdout.write = write;
  }
};
