import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { whenFileLockFree, withFileLock, withFileLockAcross } from './file-lock.ts';

// No process has this id: Linux caps pids at 2^22.
const GONE_PID = 2 ** 22 + 1;

describe('the subscriptions file lock', () => {
  let dir: string;
  let file: string;
  let lock: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'switchyard-file-lock-'));
    file = join(dir, 'webhook_subscriptions.json');
    lock = `${file}.lock`;
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is held across awaits and released after', async () => {
    const seen = await withFileLockAcross(file, async () => {
      await Promise.resolve();

      return readFileSync(lock, 'utf8');
    });
    expect(seen.split(' ')[0]).toBe(String(process.pid));
    expect(existsSync(lock)).toBe(false);
  });

  it('lets a server skip its work while a live process holds the lock, and run it once the lock is free', async () => {
    writeFileSync(lock, `${process.pid} ${Date.now()}`);
    let ran = false;
    expect(
      await whenFileLockFree(file, async () => {
        ran = true;
      }),
    ).toEqual({ held: false });
    expect(ran).toBe(false);
    expect(existsSync(lock)).toBe(true);

    rmSync(lock);
    expect(await whenFileLockFree(file, async () => 'done')).toEqual({ held: true, result: 'done' });
    expect(existsSync(lock)).toBe(false);
  });

  it('takes a lock whose process no longer runs, or one older than 30 s', async () => {
    writeFileSync(lock, `${GONE_PID} ${Date.now()}`);
    expect(withFileLock(file, () => 'taken')).toBe('taken');

    const now = 1_000_000_000_000;
    writeFileSync(lock, `${process.pid} ${now - 30_001}`);
    expect(await whenFileLockFree(file, async () => 'taken', { now: () => now })).toEqual({ held: true, result: 'taken' });
    expect(existsSync(lock)).toBe(false);
  });

  it('leaves the lock of the process that took it over after its holder went past the stale limit', async () => {
    const other = `${process.pid + 1} ${Date.now()}`;
    await withFileLockAcross(file, async () => {
      // What another process does to a lock it judged stale: removes it and takes its own.
      rmSync(lock);
      writeFileSync(lock, other);
    });
    expect(readFileSync(lock, 'utf8')).toBe(other);
  });

  it('releases the lock when the work throws', async () => {
    await expect(
      withFileLockAcross(file, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(existsSync(lock)).toBe(false);
    expect(() =>
      withFileLock(file, () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(existsSync(lock)).toBe(false);
  });
});
