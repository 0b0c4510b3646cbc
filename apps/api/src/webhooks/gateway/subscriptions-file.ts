import { z } from 'zod';
import { existsSync, readFileSync } from 'node:fs';
import { FileLockTimeout, withFileLock, withFileLockAcross } from './file-lock.ts';
import { writeFileAtomically } from './write-file-atomically.ts';

export type SubscriptionEntry = Record<string, unknown>;
export type SubscriptionsDocument = Record<string, SubscriptionEntry>;

export class SubscriptionsFileError extends Error {
  override name = 'SubscriptionsFileError';
}

/** The file's shape: an object of route names; an entry that is not an object is skipped, not an error. */
const subscriptionsFileSchema = z.record(z.string(), z.unknown(), {
  error: () => 'must hold a JSON object keyed by subscription name',
});
const entrySchema = z.record(z.string(), z.unknown());

/**
 * The subscriptions file as stored: one object keyed by route name. Entries are kept as written
 * (hand-added keys included), so that rewriting the file for one route never loses another's.
 */
export const readSubscriptions = (path: string): SubscriptionsDocument => {
  if (!existsSync(path)) {
    return {};
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new SubscriptionsFileError(`${path} is not valid JSON; fix or remove it`);
  }
  const parsed = subscriptionsFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new SubscriptionsFileError(`${path} ${parsed.error.issues[0]?.message ?? 'is not a subscriptions file'}`);
  }
  // No prototype: a route named `constructor` must not find Object's own. The entries are taken
  // from the file's own object, not the schema's copy, so that every key (`__proto__` too) is kept.
  const document: SubscriptionsDocument = Object.create(null) as SubscriptionsDocument;
  for (const [name, entry] of Object.entries(json as Record<string, unknown>)) {
    if (entrySchema.safeParse(entry).success) {
      document[name] = entry as SubscriptionEntry;
    }
  }

  return document;
};

export const writeSubscriptions = (path: string, document: SubscriptionsDocument): void => {
  writeFileAtomically(path, `${JSON.stringify(document, null, 2)}\n`, 0o600);
};

type DocumentChange<T> = (document: SubscriptionsDocument) => { write: boolean; result: T };

/** Reads, changes and writes the file; the caller holds its lock. */
export const changeLockedSubscriptions = <T>(path: string, change: DocumentChange<T>): T => {
  const document = readSubscriptions(path);
  const { write, result } = change(document);
  if (write) {
    writeSubscriptions(path, document);
  }

  return result;
};

/** A lock that stays taken is told as the file's error, which the CLI prints as it is. */
const lockTimeoutAsFileError = (error: unknown): never => {
  if (error instanceof FileLockTimeout) {
    throw new SubscriptionsFileError(error.message);
  }
  throw error;
};

/**
 * Reads, changes and writes the file under its lock, so that commands run at the same time each
 * see the others' changes. `change` answers whether to write; it may throw to refuse.
 */
export const updateSubscriptions = <T>(path: string, change: DocumentChange<T>): T => {
  try {
    return withFileLock(path, () => changeLockedSubscriptions(path, change));
  } catch (error) {
    return lockTimeoutAsFileError(error);
  }
};

/** `work` (which may await) runs holding the file's lock: see `withFileLockAcross`. */
export const holdingSubscriptionsLock = async <T>(path: string, work: () => Promise<T>): Promise<T> => {
  try {
    return await withFileLockAcross(path, work);
  } catch (error) {
    return lockTimeoutAsFileError(error);
  }
};
