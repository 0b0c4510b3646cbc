import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { CliContext } from './cli-context.ts';
import { openDatabaseQuietly } from './open-database-quietly.ts';

/**
 * `switchyard backup FILE`: one archive of the database (one snapshot), the uploaded documents and
 * the webhook receiver's state, written beside running services (on the embedded database through
 * the running owner's socket).
 */
const backup = async (context: CliContext, file: string, productVersion: string) => {
  const { writeBackup } = await import('../backup/write-backup.ts');
  const { createDocumentStore } = await import('../claims/document-store/create-document-store.ts');
  const db = await openDatabaseQuietly(context.env);
  try {
    const target = resolve(file);
    const manifest = await writeBackup({
      db,
      file: target,
      documents: createDocumentStore(context.env),
      homeDir: context.env.SWITCHYARD_HOME,
      productVersion,
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const documents = manifest.parts.filter((part) => part.name.startsWith('uploads/')).length;
    const homeFiles = manifest.parts.filter((part) => part.name.startsWith('home/')).length;
    context.out(
      `Backed up ${rows} rows in ${manifest.tables.length} tables, ${documents} documents and ${homeFiles} webhook state files to ${target} (migration ${manifest.lastMigration})`,
    );
  } finally {
    await db.close();
  }
};

export const registerBackup = (program: Command, context: CliContext, productVersion: string): void => {
  program
    .command('backup')
    .description('write one archive of the database, the uploaded documents and the webhook state, while the services run')
    .argument('<file>', 'the archive to write (gzip-compressed tar)')
    .action((file: string) => backup(context, file, productVersion));
};
