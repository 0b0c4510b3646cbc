import type { Database } from '@switchyard/db/orm';
import type { OwnerRole } from '@switchyard/db/embedded/owner-lock';
import type { Env } from '../env.ts';

/**
 * Opens the database for a CLI command. Migration progress lines go to stderr while it opens,
 * so that a command's stdout stays its answer alone (`--json` output is parsed by scripts).
 * On the embedded database a command reaches a running service through its socket, or else
 * owns the files for its run.
 */
export const openDatabaseQuietly = async (env: Env, role: Exclude<OwnerRole, 'service'> = 'command'): Promise<Database> => {
  // Imported on demand: commands that need no database should not pay for loading the ORM.
  const { openDatabase } = await import('@switchyard/db/orm');
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  try {
    return await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, acquireTimeoutMs: env.DATABASE_POOL_WAIT_MS, role });
  } finally {
    process.stdout.write = write;
  }
};
