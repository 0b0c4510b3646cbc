import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { claimOwnership, commandLabel, OWNER_FILE } from './owner-lock.ts';

const ownerLockModule = fileURLToPath(new URL('./owner-lock.ts', import.meta.url));
const CONTENDERS = 6;

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-owner-lock-'));
  dirs.push(dir);

  return dir;
};

afterEach(() => {
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

/** The pid of a process that has exited. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid ?? 0;

/**
 * Processes that each say they are ready, wait for the same signal file, then claim at once; the
 * owner holds the lock until every contender has answered (a second signal file), so every
 * contender sees it held.
 */
const race = async (dir: string): Promise<string[]> => {
  const go = join(dir, 'go');
  const done = join(dir, 'done');
  const script = `
    import { existsSync } from 'node:fs';
    const { claimOwnership } = await import(${JSON.stringify(ownerLockModule)});
    const waitFor = (file) => { while (!existsSync(file)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2); };
    console.log('ready');
    waitFor(${JSON.stringify(go)});
    const claim = claimOwnership(${JSON.stringify(dir)}, 'command', 'race');
    console.log(claim.owner ? 'owner ' + process.pid : 'client ' + claim.record.pid);
    if (claim.owner) { waitFor(${JSON.stringify(done)}); claim.lock.release(); }
  `;
  const lines: string[][] = Array.from({ length: CONTENDERS }, () => []);
  let allReady: () => void = () => undefined;
  let allAnswered: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (allReady = resolve));
  const answered = new Promise<void>((resolve) => (allAnswered = resolve));
  const children = lines.map((own) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      own.push(...complete.filter((line) => line !== ''));
      if (lines.every((each) => each.length >= 1)) {
        allReady();
      }
      if (lines.every((each) => each.length >= 2)) {
        allAnswered();
      }
    });

    return new Promise<string>((resolve) => child.on('close', () => resolve(own.slice(1).join('\n'))));
  });
  // Every contender has loaded and waits at the signal: they claim together.
  await ready;
  writeFileSync(go, '');
  await answered;
  writeFileSync(done, '');

  return Promise.all(children);
};

describe('the owner lock of an embedded database', () => {
  it.each([
    ['no lock', (_dir: string) => undefined],
    [
      'the lock of a dead owner',
      (dir: string) =>
        writeFileSync(join(dir, OWNER_FILE), JSON.stringify({ pid: deadPid(), nonce: 'dead', role: 'service', command: 'x', since: '' })),
    ],
  ])(
    'has exactly one owner among processes claiming at once over %s',
    async (_what, prepare) => {
      const dir = freshDir();
      prepare(dir);
      const answers = await race(dir);
      const owners = answers.filter((answer) => answer.startsWith('owner '));
      expect(owners, answers.join('\n')).toHaveLength(1);
      const ownerPid = owners[0]?.slice('owner '.length);
      expect(answers.filter((answer) => answer !== owners[0])).toEqual(Array.from({ length: CONTENDERS - 1 }, () => `client ${ownerPid}`));
    },
    60_000,
  );

  it('answers a live owner without touching its lock, and is released only by its holder', () => {
    const dir = freshDir();
    const first = claimOwnership(dir, 'service', 'first');
    expect(first.owner).toBe(true);
    const before = readFileSync(join(dir, OWNER_FILE), 'utf8');
    const second = claimOwnership(dir, 'command', 'second');
    expect(second).toMatchObject({ owner: false, record: { pid: process.pid, role: 'service', command: 'first' } });
    expect(readFileSync(join(dir, OWNER_FILE), 'utf8')).toBe(before);
    if (first.owner) {
      first.lock.announce({ host: dir, port: 5432 });
      expect(JSON.parse(readFileSync(join(dir, OWNER_FILE), 'utf8'))).toMatchObject({ host: dir, port: 5432 });
      first.lock.release();
    }
    expect(claimOwnership(dir, 'command', 'third').owner).toBe(true);
  });

  it('names its process by program and command words, never by options that may carry secrets', () => {
    expect(commandLabel(['/usr/bin/node', '/app/bin/switchyard.js', 'user', 'add', '--email', 'a@b.test', '--password', 'hunter22'])).toBe(
      'switchyard.js user add',
    );
    expect(commandLabel(['/usr/bin/node', '/app/src/main.ts'])).toBe('main.ts');
    expect(commandLabel(['/usr/bin/node', '/app/bin/switchyard.js', 'gateway', 'run'])).toBe('switchyard.js gateway run');
    expect(commandLabel(['/usr/bin/node', '/app/bin/switchyard.js', 'tenant', 'import', 'acme', 'file.json'])).toBe(
      'switchyard.js tenant import',
    );
  });
});
