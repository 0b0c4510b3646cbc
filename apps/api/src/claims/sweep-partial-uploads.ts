import { recordedStorageNames } from '@switchyard/db/claims/documents';
import type { Database } from '@switchyard/db/orm';
import type { Logger } from '../logger.ts';
import type { DocumentStore } from './document-store/document-store.ts';

/** Uploads are staged under a fresh UUID; nothing else in the store is ever touched. */
const STAGED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An upload request may take at most the server's request timeout (5 minutes) to arrive; a file
 * untouched for longer than this cannot belong to an upload still under way in any process.
 */
export const PARTIAL_UPLOAD_GRACE_MS = 6 * 60_000;

/** Names asked of the database at once. */
const PAGE = 500;

/**
 * Removes stored documents no document row names: what a process killed mid-upload (or between
 * writing the file and recording it) left behind. Only files untouched for `graceMs` go, so an
 * upload still arriving in another process sharing the store and database is left alone. (An S3
 * multipart upload cut off by a killed process is not an object yet; the bucket's lifecycle rule
 * for incomplete multipart uploads removes its parts, docs/operations.md.)
 */
export const sweepPartialUploads = async (options: {
  db: Database;
  store: DocumentStore;
  graceMs: number;
  logger: Logger;
  now?: Date;
}): Promise<number> => {
  const cutoff = (options.now ?? new Date()).getTime() - options.graceMs;
  let removed = 0;
  const check = async (candidates: string[]) => {
    const recorded = await recordedStorageNames(options.db.fork(), candidates);
    for (const name of candidates.filter((candidate) => !recorded.has(candidate))) {
      await options.store.remove(name);
      removed += 1;
    }
  };
  let page: string[] = [];
  for await (const stored of options.store.list()) {
    if (STAGED_NAME.test(stored.name) && stored.modifiedAt.getTime() <= cutoff) {
      page.push(stored.name);
    }
    if (page.length >= PAGE) {
      await check(page);
      page = [];
    }
  }
  if (page.length > 0) {
    await check(page);
  }
  if (removed > 0) {
    options.logger.info({ removed, store: options.store.location }, 'removed stored documents no document names (interrupted uploads)');
  }

  return removed;
};
