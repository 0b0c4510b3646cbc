import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { recordedStorageNames } from '@switchyard/db/claims/documents';
import type { Database } from '@switchyard/db/orm';
import type { Logger } from '../logger.ts';

/** Uploads are staged under a fresh UUID; nothing else in the folder is ever touched. */
const STAGED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An upload request may take at most the server's request timeout (5 minutes) to arrive; a file
 * untouched for longer than this cannot belong to an upload still under way in any process.
 */
export const PARTIAL_UPLOAD_GRACE_MS = 6 * 60_000;

/**
 * Removes upload files no document row names: what a process killed mid-upload (or between
 * writing the file and recording it) left behind. Only files untouched for `graceMs` go, so an
 * upload still arriving in another process sharing the folder and database is left alone.
 */
export const sweepPartialUploads = async (options: {
  db: Database;
  uploadDir: string;
  graceMs: number;
  logger: Logger;
  now?: Date;
}): Promise<number> => {
  let names: string[];
  try {
    names = (await readdir(options.uploadDir)).filter((name) => STAGED_NAME.test(name));
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') {
      return 0;
    }
    throw error;
  }
  const cutoff = (options.now ?? new Date()).getTime() - options.graceMs;
  const candidates: string[] = [];
  for (const name of names) {
    const info = await stat(join(options.uploadDir, name)).catch(() => null);
    if (info?.isFile() && info.mtimeMs <= cutoff) {
      candidates.push(name);
    }
  }
  const recorded = await recordedStorageNames(options.db.fork(), candidates);
  const orphans = candidates.filter((name) => !recorded.has(name));
  for (const name of orphans) {
    await unlink(join(options.uploadDir, name)).catch(() => undefined);
  }
  if (orphans.length > 0) {
    options.logger.info({ removed: orphans.length, dir: options.uploadDir }, 'removed upload files no document names (interrupted uploads)');
  }

  return orphans.length;
};
