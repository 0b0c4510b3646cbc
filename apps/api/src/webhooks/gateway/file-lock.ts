import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { isProcessAlive } from '@switchyard/db/process-alive';
import { systemClock, type Clock } from '../../clock.ts';

/** A lock older than this is left over by a process that no longer runs it (writes take milliseconds). */
const STALE_AFTER_MS = 30_000;
const GIVE_UP_AFTER_MS = 10_000;

export class FileLockTimeout extends Error {
  override name = 'FileLockTimeout';
}

const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/** True when the lock's holder is gone (or the lock is too old); then it is removed. */
const removeIfStale = (lockPath: string, clock: Clock): boolean => {
  let content: string;
  try {
    content = readFileSync(lockPath, 'utf8');
  } catch {
    // Released meanwhile: try again at once.
    return true;
  }
  const [pidText, sinceText] = content.split(' ');
  const pid = Number(pidText);
  const since = Number(sinceText);
  // A lock just created may not have its content yet; give its holder time to write it.
  const holderGone = Number.isInteger(pid) && pid > 0 ? !isProcessAlive(pid) : false;
  const tooOld = Number.isFinite(since) ? clock.now() - since > STALE_AFTER_MS : false;
  if (!holderGone && !tooOld) {
    return false;
  }
  // Another waiter may have replaced it already; only the lock that was judged stale is removed.
  try {
    if (readFileSync(lockPath, 'utf8') === content) {
      rmSync(lockPath, { force: true });
    }
  } catch {
    // Gone already.
  }

  return true;
};

/**
 * Takes the lock (a `.lock` file beside `path`, created with O_EXCL) and answers its release, or
 * null when it is held and `wait` is false. Waiting blocks the thread, which only a command may do.
 */
function acquireFileLock(path: string, wait: true, clock: Clock): () => void;
function acquireFileLock(path: string, wait: false, clock: Clock): (() => void) | null;
function acquireFileLock(path: string, wait: boolean, clock: Clock): (() => void) | null {
  const lockPath = `${path}.lock`;
  mkdirSync(dirname(lockPath), { recursive: true, mode: 0o700 });
  const deadline = clock.now() + GIVE_UP_AFTER_MS;
  let pause = 5;
  for (;;) {
    let fd: number;
    try {
      fd = openSync(lockPath, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
      if (removeIfStale(lockPath, clock)) {
        continue;
      }
      if (!wait) {
        return null;
      }
      if (clock.now() > deadline) {
        throw new FileLockTimeout(`${path} is locked by another process (${lockPath}); try again`);
      }
      sleep(pause + Math.random() * pause);
      pause = Math.min(pause * 2, 100);
      continue;
    }
    const content = `${process.pid} ${clock.now()}`;
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }

    // Held past the stale limit (a database that stopped answering), the lock may have been taken
    // by another process since: only this holder's own lock is removed.
    return () => {
      try {
        if (readFileSync(lockPath, 'utf8') === content) {
          rmSync(lockPath, { force: true });
        }
      } catch {
        // Removed as stale meanwhile.
      }
    };
  }
}

/**
 * Runs `work` holding an exclusive lock on `path`, so that concurrent read-modify-write cycles of
 * the CLI do not lose each other's changes. Synchronous because the commands that use it are.
 */
export const withFileLock = <T>(path: string, work: () => T, clock: Clock = systemClock): T => {
  const release = acquireFileLock(path, true, clock);
  try {
    return work();
  } finally {
    release();
  }
};

/**
 * The same lock held across awaits: a command that reads the database, changes the file and
 * records the change keeps every other writer of the file out until all three are done.
 */
export const withFileLockAcross = async <T>(path: string, work: () => Promise<T>, clock: Clock = systemClock): Promise<T> => {
  const release = acquireFileLock(path, true, clock);
  try {
    return await work();
  } finally {
    release();
  }
};

/**
 * For a server, which must not block its thread on a lock: runs `work` holding the lock when it is
 * free, and answers `{ held: false }` without running it when another process holds it.
 */
export const whenFileLockFree = async <T>(
  path: string,
  work: () => Promise<T>,
  clock: Clock = systemClock,
): Promise<{ held: true; result: T } | { held: false }> => {
  const release = acquireFileLock(path, false, clock);
  if (release === null) {
    return { held: false };
  }
  try {
    return { held: true, result: await work() };
  } finally {
    release();
  }
};
