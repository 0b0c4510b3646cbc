import { filesUnder, homeStateFiles } from './state-files.ts';
import type { DocumentStore } from '../claims/document-store/document-store.ts';

export type RestoreTarget = { databaseUrl?: string | undefined; dataDir: string; documents: DocumentStore; homeDir: string };

const holdsAny = async (store: DocumentStore): Promise<boolean> => {
  for await (const stored of store.list()) {
    return stored !== undefined;
  }

  return false;
};

/**
 * Why the target is not empty, or undefined when a restore may fill it: a restore never merges into
 * existing data. The embedded database's folder, the document store and the receiver's state files
 * must hold nothing; on PostgreSQL the database's schema must have no table or sequence.
 */
export const targetNotEmpty = async (target: RestoreTarget): Promise<string | undefined> => {
  if (target.databaseUrl) {
    const { serverSchemaObjects } = await import('@switchyard/db/backup/server-schema-empty');
    const objects = await serverSchemaObjects(target.databaseUrl);
    if (objects > 0) {
      return `the PostgreSQL database is not empty (${objects} tables, views or sequences); restore into a new, empty database`;
    }
  } else if ((await filesUnder(target.dataDir)).length > 0) {
    return `DATA_DIR ${target.dataDir} is not empty; restore into a new, empty folder`;
  }
  if (await holdsAny(target.documents)) {
    return target.documents.kind === 'local'
      ? `UPLOAD_DIR ${target.documents.location} is not empty; restore into a new, empty folder`
      : `the document store ${target.documents.location} is not empty; restore into a new, empty bucket or prefix`;
  }
  const home = await homeStateFiles(target.homeDir);
  if (home.length > 0) {
    return `SWITCHYARD_HOME ${target.homeDir} already holds webhook state (${home[0]}); restore with SWITCHYARD_HOME set to a new, empty folder`;
  }

  return undefined;
};
