import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../packages/db/src/orm.ts';
import { startApi } from './support/start-api.ts';
import { writeResult } from './support/machine.ts';

/**
 * What the single owner of the embedded database costs: the idle memory of `npm start` (which now
 * also serves its socket), and what going through the socket costs a CLI process compared with
 * opening the files itself.
 */

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const INSERTS = Number(process.env.BENCH_INSERTS ?? 500);
const root = join(import.meta.dirname, '..');

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round1 = (value: number) => Math.round(value * 10) / 10;

const residentMib = (pid: number): number => {
  const kib = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

  return round1(kib / 1024);
};

const freshDir = () => mkdtempSync(join(tmpdir(), 'switchyard-bench-owner-'));

/** RSS of the API process on a new embedded database, after it sat idle. */
const idleRss = async (compiled: boolean): Promise<number> => {
  const dataDir = freshDir();
  const api = await startApi({ DATA_DIR: dataDir }, { compiled });
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));

    return residentMib(api.child.pid ?? 0);
  } finally {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/** One-row inserts, one statement each (autocommit), as a CLI command writes. */
const insertsPerSecond = async (dataDir: string, tag: string): Promise<{ per_second: number; owner: boolean }> => {
  const db = await openDatabase({ dataDir });
  try {
    const connection = db.em.getConnection();
    const started = performance.now();
    for (let i = 0; i < INSERTS; i++) {
      await connection.execute('insert into transport_tenant (id, name) values (?, ?)', [`${tag}-${i}`, `Bench ${i}`]);
    }
    const seconds = (performance.now() - started) / 1000;

    return { per_second: Math.round(INSERTS / seconds), owner: db.embedded?.owner ?? true };
  } finally {
    await db.close();
  }
};

/** Wall time of one `switchyard tenant add`, from spawn to exit. */
const commandSeconds = (dataDir: string, slug: string): number => {
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(root, 'apps/api/bin/switchyard.js'), 'tenant', 'add', slug, '--name', 'Bench'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`tenant add failed: ${result.stderr}`);
  }

  return round1((performance.now() - started) / 1000);
};

// `npm start` runs the build; the tests and `npm run dev` run the source through tsx.
execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
const rss = { tsx: [] as number[], compiled: [] as number[] };
for (let i = 0; i < ROUNDS; i++) {
  rss.tsx.push(await idleRss(false));
  rss.compiled.push(await idleRss(true));
}

// The files opened by the process itself (no owner runs) ...
const alone = freshDir();
await openDatabase({ dataDir: alone }).then((db) => db.close());
const inProcess: number[] = [];
const commandAlone: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  inProcess.push((await insertsPerSecond(alone, `alone${i}`)).per_second);
  commandAlone.push(commandSeconds(alone, `alone-cmd-${i}`));
}
rmSync(alone, { recursive: true, force: true });

// ... and the same work through the socket of a running service.
const served = freshDir();
const api = await startApi({ DATA_DIR: served });
const throughSocket: number[] = [];
const commandThroughSocket: number[] = [];
try {
  for (let i = 0; i < ROUNDS; i++) {
    const measured = await insertsPerSecond(served, `socket${i}`);
    if (measured.owner) {
      throw new Error('the bench process owned the database although the service runs');
    }
    throughSocket.push(measured.per_second);
    commandThroughSocket.push(commandSeconds(served, `socket-cmd-${i}`));
  }
} finally {
  await api.stop();
  rmSync(served, { recursive: true, force: true });
}

const result = {
  what: `embedded database (PGlite) with one owner per DATA_DIR; medians of ${ROUNDS} rounds`,
  idle_rss_mib: {
    what: `RSS of the API process (claims and transport, new DATA_DIR, serving its socket) after ${IDLE_SECONDS} s idle`,
    compiled_npm_start: { median: median(rss.compiled), rounds: rss.compiled },
    tsx_source: { median: median(rss.tsx), rounds: rss.tsx },
  },
  inserts_per_second: {
    what: `${INSERTS} one-row inserts, one statement each, from one connection`,
    in_process: { median: median(inProcess), rounds: inProcess },
    through_socket: { median: median(throughSocket), rounds: throughSocket },
    socket_over_in_process: round1((median(throughSocket) / median(inProcess)) * 100) / 100,
  },
  tenant_add_seconds: {
    what: '`switchyard tenant add` wall time, spawn to exit',
    opening_the_files: { median: median(commandAlone), rounds: commandAlone },
    through_the_running_service: { median: median(commandThroughSocket), rounds: commandThroughSocket },
  },
};
writeResult('embedded-owner', result);
console.log(JSON.stringify(result, null, 2));
