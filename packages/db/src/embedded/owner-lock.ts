import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isProcessAlive } from '../process-alive.ts';

/**
 * The one owner of an embedded database: a lock file in DATA_DIR naming the process that opened
 * the files and where it serves them. Every other process reads it and connects there.
 */
export type OwnerRole = 'service' | 'gateway' | 'command';

export type OwnerRecord = {
  pid: number;
  /** Unique per ownership, so that taking over a dead owner's lock can never remove a live one. */
  nonce: string;
  role: OwnerRole;
  /** What the owner runs, for messages naming it. */
  command: string;
  since: string;
  /** Set once the database is open and served: a socket directory (libpq's `host`) or a loopback address. */
  host?: string;
  port?: number;
};

export const OWNER_FILE = 'pg.owner';

/**
 * How the lock names its process: the program and at most two command words, never an option or
 * what follows one, since options may carry secrets (`user add --password`).
 */
export const commandLabel = (argv: readonly string[]): string => {
  const words = argv.slice(2);
  const firstOption = words.findIndex((word) => word.startsWith('-'));
  const commandWords = words.slice(0, Math.min(2, firstOption === -1 ? words.length : firstOption));

  return [basename(argv[1] ?? 'node'), ...commandWords].join(' ');
};

const ownerPath = (dataDir: string) => join(dataDir, OWNER_FILE);
const takeoverMark = (dataDir: string, nonce: string) => join(dataDir, `${OWNER_FILE}.takeover-${nonce}`);

/** The current lock, or null when there is none (or it vanished while being read). */
export const readOwner = (dataDir: string): OwnerRecord | null => {
  try {
    return JSON.parse(readFileSync(ownerPath(dataDir), 'utf8')) as OwnerRecord;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return null;
    }
    // Written whole by link or rename, so a lock that does not parse is not a lock being written:
    // it is damaged, and its writer cannot be named. Treat it as a dead owner's.
    return { pid: 0, nonce: 'unreadable', role: 'command', command: 'unknown', since: '' };
  }
};

const writeWhole = (path: string, record: OwnerRecord): string => {
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record)}\n`, { mode: 0o600 });

  return temporary;
};

export type OwnerLock = {
  readonly record: OwnerRecord;
  /** Publishes where the database is served; until then other processes wait for it. */
  announce(endpoint: { host: string; port: number }): void;
  /** Removes the lock if it is still this process's. */
  release(): void;
};

export type Claim = { owner: true; lock: OwnerLock } | { owner: false; record: OwnerRecord };

/**
 * Takes the lock when no live process holds it, or answers the live holder.
 *
 * Race-free by construction: the lock is created with link(2), which fails when the name exists,
 * and carries its whole content from the first instant. A lock whose process is dead is removed
 * only by the process that first creates the take-over mark named after that lock's nonce (mkdir
 * is exclusive too), and only while the lock still carries that nonce; the nonce is never reused,
 * so a live owner's lock is never removed. After the removal every contender races on link again,
 * and exactly one wins.
 */
export const claimOwnership = (dataDir: string, role: OwnerRole, command: string): Claim => {
  mkdirSync(dataDir, { recursive: true });
  const path = ownerPath(dataDir);
  const record: OwnerRecord = {
    pid: process.pid,
    nonce: randomBytes(12).toString('hex'),
    role,
    command,
    since: new Date().toISOString(),
  };
  for (;;) {
    const temporary = writeWhole(path, record);
    try {
      linkSync(temporary, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
      const current = readOwner(dataDir);
      if (current === null) {
        continue;
      }
      if (current.pid > 0 && isProcessAlive(current.pid)) {
        return { owner: false, record: current };
      }
      try {
        mkdirSync(takeoverMark(dataDir, current.nonce));
      } catch (markError) {
        if ((markError as NodeJS.ErrnoException).code !== 'EEXIST') {
          throw markError;
        }
        // Another process is taking this dead owner's lock over; race it on link next round.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if (readOwner(dataDir)?.nonce === current.nonce) {
        rmSync(path, { force: true });
      }
      continue;
    } finally {
      rmSync(temporary, { force: true });
    }
    clearTakeoverMarks(dataDir);

    return { owner: true, lock: ownerLock(dataDir, record) };
  }
};

/** Marks of earlier take-overs: their locks are gone (the lock exists once), so they guard nothing. */
const clearTakeoverMarks = (dataDir: string) => {
  for (const name of readdirSync(dataDir)) {
    if (name.startsWith(`${OWNER_FILE}.takeover-`)) {
      rmSync(join(dataDir, name), { recursive: true, force: true });
    }
  }
};

const ownerLock = (dataDir: string, initial: OwnerRecord): OwnerLock => {
  let record = initial;
  const path = ownerPath(dataDir);
  const stillMine = () => readOwner(dataDir)?.nonce === record.nonce;

  return {
    get record() {
      return record;
    },
    announce: (endpoint) => {
      record = { ...record, ...endpoint };
      if (!stillMine()) {
        throw new Error(`the lock ${path} was taken from this process`);
      }
      // rename replaces the file whole: a reader sees the old record or the new one.
      renameSync(writeWhole(path, record), path);
    },
    release: () => {
      if (stillMine()) {
        try {
          unlinkSync(path);
        } catch {
          // Gone already.
        }
      }
    },
  };
};
