import { readFileSync } from 'node:fs';
import { freshDatabase } from './support/postgres.ts';
import { startApi } from './support/start-api.ts';
import { writeResult } from './support/machine.ts';

/** Resident memory of the started services after they have sat idle, on each database. */

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);

const residentMib = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);

  return Math.round((kib / 1024) * 10) / 10;
};

const measure = async (env: Record<string, string>) => {
  const api = await startApi(env);
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

const pglite = await measure({});
const database = freshDatabase('switchyard_bench_memory');
let postgres: { rss_mib: number };
try {
  postgres = await measure({ DATABASE_URL: database.url });
} finally {
  database.drop();
}
const result = {
  what: `RSS of the API process (claims service, webhook receiver off) after ${IDLE_SECONDS} s idle`,
  pglite,
  postgres,
  note: 'with PGlite the database engine runs inside the process, so its memory is included',
};
writeResult('idle-memory', result);
console.log(JSON.stringify(result, null, 2));
