import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freshDatabase } from './support/postgres.ts';
import { startApi } from './support/start-api.ts';
import { writeResult } from './support/machine.ts';

/**
 * Resident memory of the started services after they have sat idle, on each database, run two
 * ways: the TypeScript source through tsx (development) and the compiled build (`npm start`).
 */

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const root = join(import.meta.dirname, '..');

const residentMib = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);

  return Math.round((kib / 1024) * 10) / 10;
};

const measure = async (env: Record<string, string>, compiled: boolean) => {
  const api = await startApi(env, { compiled });
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const pid = api.child.pid;
    if (pid === undefined) {
      throw new Error('no process id');
    }

    return { rss_mib: residentMib(pid) };
  } finally {
    await api.stop();
  }
};

const onBothDatabases = async (compiled: boolean) => {
  const pglite = await measure({}, compiled);
  const database = freshDatabase('switchyard_bench_memory');
  try {
    return { pglite, postgres: await measure({ DATABASE_URL: database.url }, compiled) };
  } finally {
    database.drop();
  }
};

// The same build `npm start` makes (web app and server), so the compiled run is what production runs.
execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });

const result = {
  what: `RSS of the API process (claims and transport services, webhook receiver off) after ${IDLE_SECONDS} s idle`,
  method:
    'start the process with a fresh database (a new PGlite folder, or CREATE DATABASE on the PostgreSQL server), wait for /api/health, sit idle, read VmRSS from /proc/<pid>/status',
  tsx: await onBothDatabases(false),
  compiled: await onBothDatabases(true),
  note: 'before: `npm start` ran the source through tsx, as development and the tests still do (the tsx figures); after: `npm start` runs the compiled build, node apps/api/dist/main.js (the compiled figures). With PGlite the database engine runs inside the process, so its memory is included',
};
writeResult('idle-memory', result);
console.log(JSON.stringify(result, null, 2));
