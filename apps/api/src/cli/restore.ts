import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError, type CliContext } from './cli-context.ts';

/**
 * `switchyard restore FILE`: fills an empty DATA_DIR (embedded database) or an empty PostgreSQL
 * database (DATABASE_URL) from an archive of either kind. Refuses, changing nothing, a target that
 * holds data, a damaged archive and one from a newer schema.
 */
const restore = async (context: CliContext, file: string) => {
  const { restoreBackup, RestoreRefused } = await import('../backup/restore-backup.ts');
  const { migrationsList } = await import('@switchyard/db/migrations/index');
  const { createDocumentStore } = await import('../claims/document-store/create-document-store.ts');
  const { env } = context;
  const source = resolve(file);
  // Migration progress lines go to stderr, so stdout stays the one answer line.
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  try {
    const restored = await restoreBackup(
      source,
      { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, documents: createDocumentStore(env), homeDir: env.SWITCHYARD_HOME },
      migrationsList.map((migration) => migration.name),
    );
    process.stdout.write = write;
    context.out(
      `Restored ${restored.rows} rows in ${restored.tables} tables, ${restored.documents} documents and ${restored.homeFiles} webhook state files from ${source} ` +
        `(a ${restored.manifest.database} backup of ${restored.manifest.createdAt}, version ${restored.manifest.productVersion}, migration ${restored.manifest.lastMigration}) ` +
        `into ${env.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${env.DATA_DIR}`}`,
    );
  } catch (error) {
    if (error instanceof RestoreRefused) {
      throw new CliError(error.message);
    }
    // Past the checks: on PostgreSQL the schema may have been created before the load failed.
    throw new CliError(
      `restore failed: ${(error as Error).message}${env.DATABASE_URL ? ' (drop and create the database again before another attempt)' : ''}`,
    );
  } finally {
    process.stdout.write = write;
  }
};

export const registerRestore = (program: Command, context: CliContext): void => {
  program
    .command('restore')
    .description('fill an empty DATA_DIR or an empty PostgreSQL database (DATABASE_URL) from a backup archive')
    .argument('<file>', 'an archive written by switchyard backup')
    .action((file: string) => restore(context, file));
};
