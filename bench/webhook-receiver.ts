import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { freePort, startProcess, stopProcess } from './webhooks/start-process.ts';
import { receiverProcessCount } from '@switchyard/domain/webhooks/receiver-processes';
import { machineTicks, waitForQuietMachine } from './support/quiet-machine.ts';
import { runRawLoad as runLoad, type LoadResult } from './support/raw-load.ts';
import pg from 'pg';

/**
 * Webhook receiver throughput: signed requests answered per second and p99 latency, for the
 * switchyard receiver (every accepted event committed to PostgreSQL before its 202) beside
 * adnanh/webhook (HMAC-SHA256 trigger rule, running /bin/true) on the same machine, in the same
 * run, with the same requests, the same load generator and the same concurrency, loopback only.
 *
 * The generator writes prebuilt request bytes on raw keep-alive sockets and reads only the status
 * line and the body length of each answer: on a 2-core machine the generator, the server under
 * test and PostgreSQL share the cores, and a generator built on node:http would take most of one
 * core itself. The CPU seconds each side used during the measured window are recorded beside the
 * figures, so the reader can see who had the cores.
 */

const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Long enough to reach a steady state: adnanh/webhook answers at once and runs its command
 * afterwards, so over its first seconds it answers faster than it can keep up with.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '16,64,256').split(',').map(Number);
/** The headline level: the one the target is judged at. */
const HEADLINE_CONCURRENCY = Number(process.env.BENCH_HEADLINE_CONCURRENCY ?? 64);
const MAX_REQUESTS = Number(process.env.BENCH_MAX_REQUESTS ?? 250_000);
/**
 * Rounds per level, each side measured once per round, the order alternating; a level reports
 * each side's median round. The machine may have other work: rounds keep a burst of it from
 * deciding the figures alone.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECRET = 'bench-secret-0123456789abcdef';
/** HTTP processes of the gateway: its own default for this machine unless set. */
const defaultProcesses = receiverProcessCount({ configured: undefined, serverDatabase: true, cpuCount: availableParallelism() });
const RECEIVER_PROCESSES = Number(process.env.BENCH_RECEIVER_PROCESSES ?? (defaultProcesses.ok ? defaultProcesses.count : 1));

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = join(repoRoot, 'bench', 'results');

const { Client } = pg;
type PgClient = pg.Client;

const onServer = async <T>(url: string, work: (client: PgClient) => Promise<T>): Promise<T> => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

// ---------------------------------------------------------------------------------------------
// Requests: distinct GitHub-style issue events (so none is a duplicate of another), each signed
// the way GitHub signs, sent byte for byte the same to both receivers.

const signedBody = (index: number): { body: Buffer; signature: string } => {
  const body = Buffer.from(
    JSON.stringify({
      action: 'opened',
      number: index,
      repository: { full_name: 'bench/repo' },
      issue: { number: index, title: `Benchmark issue ${index}`, body: 'x'.repeat(200) },
    }),
  );

  return { body, signature: `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}` };
};

/** Bodies and signatures are made before the clock starts; only the request line differs per target. */
const makeRequests = (path: string, port: number, first: number, count: number): Buffer[] =>
  Array.from({ length: count }, (_, offset) => {
    const { body, signature } = signedBody(first + offset);
    const head =
      `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n` +
      `content-length: ${body.length}\r\nx-github-event: issues\r\nx-hub-signature-256: ${signature}\r\n\r\n`;

    return Buffer.concat([Buffer.from(head, 'latin1'), body]);
  });

// ---------------------------------------------------------------------------------------------
// CPU accounting from /proc: who had the cores during a measured window.

const CLOCK_TICKS = 100;

const processTicks = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');

    // utime + stime + cutime + cstime: children (adnanh's /bin/true runs) are counted once reaped.
    return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  } catch {
    return 0;
  }
};

const childrenOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

/**
 * A server with several processes (the gateway's HTTP processes under its primary): the ticks of
 * the whole tree. A child that exits moves its ticks into its parent's reaped-children count.
 */
const treeTicks = (pid: number): number => childrenOf(pid).reduce((sum, child) => sum + treeTicks(child), processTicks(pid));

/**
 * The PostgreSQL server may serve other databases at the same time, so only the backends of the
 * benchmark's own database count, with the WAL writer, checkpointer and background writer that
 * every commit leans on. A backend that ends during the window loses its share (an undercount).
 */
let benchDatabaseUrl = '';

const postgresPids = async (): Promise<number[]> =>
  onServer(benchDatabaseUrl, async (client) =>
    (
      await client.query(
        `select pid from pg_stat_activity
          where (datname = current_database() and pid <> pg_backend_pid())
             or backend_type in ('walwriter', 'checkpointer', 'background writer')`,
      )
    ).rows.map((row) => Number(row.pid)),
  );

const ticksOf = (pids: Iterable<number>): Map<number, number> => new Map([...pids].map((pid) => [pid, processTicks(pid)]));

type CpuShare = { generatorCores: number; serverCores: number; postgresCores: number; machineBusyCores: number };

const measureCpu = async <T>(serverPid: number, work: () => Promise<T>): Promise<{ value: T; cpu: CpuShare }> => {
  const postgresBefore = ticksOf(await postgresPids());
  const before = { generator: process.cpuUsage(), server: treeTicks(serverPid), machine: machineTicks() };
  const startedAt = process.hrtime.bigint();
  const value = await work();
  const wall = Number(process.hrtime.bigint() - startedAt) / 1e9;
  const generator = process.cpuUsage(before.generator);
  const machine = machineTicks();
  const server = treeTicks(serverPid);
  let postgres = 0;
  for (const [pid, ticks] of ticksOf(new Set([...postgresBefore.keys(), ...(await postgresPids())]))) {
    postgres += Math.max(0, ticks - (postgresBefore.get(pid) ?? 0));
  }
  const cores = (seconds: number) => Number((seconds / wall).toFixed(2));

  return {
    value,
    cpu: {
      generatorCores: cores((generator.user + generator.system) / 1e6),
      serverCores: cores((server - before.server) / CLOCK_TICKS),
      postgresCores: cores(postgres / CLOCK_TICKS),
      machineBusyCores: Number(
        (((machine.busy - before.machine.busy) / (machine.total - before.machine.total)) * cpus().length).toFixed(2),
      ),
    },
  };
};

/** PostgreSQL's backends report statistics at most once a second; this covers it. */
const STATS_REPORT_MS = 1_500;

/**
 * What PostgreSQL did for the receiver during a window: commits of the benchmark's database (its
 * batches, plus the worker's few), and WAL flushes with their time (track_wal_io_timing is on for
 * the benchmark's database, so the flushes its backends make are timed; the WAL counters are the
 * server's, and nothing else writes during a run).
 */
type CommitCounters = { commits: number; walSyncs: number; walSyncMs: number; walBytes: number; walFullPages: number };
type PostgresWork = {
  commitsPerSecond: number;
  eventsPerCommit: number;
  walFlushesPerSecond: number;
  walFlushMs: number;
  /** Write-ahead log written per stored event, and full-page images in it: what the disk must take per event. */
  walBytesPerEvent: number;
  walFullPagesPerEvent: number;
};

const commitCounters = async (): Promise<CommitCounters> =>
  onServer(benchDatabaseUrl, async (client) => {
    const row = (
      await client.query(
        `select (select xact_commit from pg_stat_database where datname = current_database()) as commits,
                wal_sync, wal_sync_time, wal_bytes, wal_fpi from pg_stat_wal`,
      )
    ).rows[0];

    return {
      commits: Number(row?.commits),
      walSyncs: Number(row?.wal_sync),
      walSyncMs: Number(row?.wal_sync_time),
      walBytes: Number(row?.wal_bytes),
      walFullPages: Number(row?.wal_fpi),
    };
  });

const postgresWork = (before: CommitCounters, after: CommitCounters, events: number, seconds: number): PostgresWork => {
  const commits = after.commits - before.commits;
  const syncs = after.walSyncs - before.walSyncs;

  return {
    commitsPerSecond: Math.round(commits / seconds),
    eventsPerCommit: Number((events / Math.max(1, commits)).toFixed(1)),
    walFlushesPerSecond: Math.round(syncs / seconds),
    walFlushMs: Number(((after.walSyncMs - before.walSyncMs) / Math.max(1, syncs)).toFixed(2)),
    walBytesPerEvent: Math.round((after.walBytes - before.walBytes) / Math.max(1, events)),
    walFullPagesPerEvent: Number(((after.walFullPages - before.walFullPages) / Math.max(1, events)).toFixed(2)),
  };
};

// ---------------------------------------------------------------------------------------------

/**
 * `settleSeconds`: how long the machine stayed busy after the last answer, i.e. work the receiver
 * had accepted but not finished; `quietBefore`: whether the machine was idle when the load began.
 */
type Measured = LoadResult & { concurrency: number; cpu: CpuShare; settleSeconds: number; quietBefore: boolean; postgres?: PostgresWork };
type Level = Measured & { roundsRequestsPerSecond: number[] };

/** The round with the median throughput, with every round's throughput beside it. */
const median = (rounds: Measured[]): Measured & { roundsRequestsPerSecond: number[] } => {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (middle === undefined) {
    throw new Error('no round measured');
  }

  return { ...middle, roundsRequestsPerSecond: rounds.map((round) => round.requestsPerSecond) };
};

type Target = { name: 'adnanh' | 'switchyard'; path: string; port: number; pid: number };

/** Distinct request numbers for every load, so no event repeats anywhere in a run. */
let nextIndex = 0;
/** Every 2xx a receiver gave, warm-up included: for switchyard, each must have its row. */
const answered2xxTotal = { adnanh: 0, switchyard: 0 };

const measureLevel = async (target: Target, concurrency: number): Promise<Measured> => {
  // Whatever the previous measurement left running (the other receiver's backlog) finishes first.
  const before = await waitForQuietMachine();
  const warm = makeRequests(target.path, target.port, nextIndex, MAX_REQUESTS);
  nextIndex += warm.length;
  const warmed = await runLoad({ port: target.port, requests: warm, concurrency, seconds: WARMUP_SECONDS });
  const requests = makeRequests(target.path, target.port, nextIndex, MAX_REQUESTS);
  nextIndex += requests.length;
  // Backends report their counters to the cumulative views at most once a second, so they are read
  // once what came before has been reported, and again once the window's own work has been.
  const settledCounters = async () => {
    await new Promise((resolve) => setTimeout(resolve, STATS_REPORT_MS));

    return commitCounters();
  };
  const countersBefore = target.name === 'switchyard' ? await settledCounters() : null;
  const { value, cpu } = await measureCpu(target.pid, () => runLoad({ port: target.port, requests, concurrency, seconds: SECONDS }));
  const postgres = countersBefore ? postgresWork(countersBefore, await settledCounters(), value.answered2xx, value.seconds) : undefined;
  const after = await waitForQuietMachine();
  answered2xxTotal[target.name] += warmed.answered2xx + value.answered2xx;
  const measured = {
    concurrency,
    ...value,
    cpu,
    settleSeconds: after.seconds,
    quietBefore: before.quiet,
    ...(postgres ? { postgres } : {}),
  };
  console.log(`  ${target.name}, ${concurrency} concurrent: ${JSON.stringify(measured)}`);

  return measured;
};

const startAdnanh = async (work: string): Promise<{ child: ChildProcess; target: Target }> => {
  const hooks = [
    {
      id: 'bench',
      'execute-command': '/bin/true',
      // adnanh/webhook answers 200 even when the rule fails unless told otherwise: a failed
      // signature check must not count as an answered request.
      'trigger-rule-mismatch-http-response-code': 401,
      'trigger-rule': {
        match: { type: 'payload-hmac-sha256', secret: SECRET, parameter: { source: 'header', name: 'X-Hub-Signature-256' } },
      },
    },
  ];
  const hooksFile = join(work, 'hooks.json');
  writeFileSync(hooksFile, JSON.stringify(hooks));
  const port = await freePort();
  const child = await startProcess('webhook', ['-hooks', hooksFile, '-ip', '127.0.0.1', '-port', String(port)], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    ready: async () => await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) }).then(() => true),
  });

  return { child, target: { name: 'adnanh', path: '/hooks/bench', port, pid: child.pid ?? 0 } };
};

const startSwitchyard = async (work: string, databaseUrl: string): Promise<{ child: ChildProcess; target: Target }> => {
  const home = join(work, 'switchyard-home');
  mkdirSync(home, { recursive: true });
  const port = await freePort();
  writeFileSync(
    join(home, 'config.yaml'),
    `platforms:\n  webhook:\n    enabled: true\n    extra:\n      host: 127.0.0.1\n      port: ${port}\n      rate_limit: 1000000000\n`,
  );
  writeFileSync(
    join(home, 'webhook_subscriptions.json'),
    JSON.stringify({ bench: { secret: SECRET, events: ['issues'], prompt: 'Triage {issue.title}: {issue.body}', deliver: 'log' } }),
  );
  // BENCH_NODE_OPTIONS (e.g. --cpu-prof) reaches the receiver only, for profiling it under this load.
  const nodeOptions = process.env.BENCH_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [];
  const child = await startProcess(process.execPath, [...nodeOptions, join(repoRoot, 'apps/api/bin/switchyard.js'), 'gateway', 'run'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      SWITCHYARD_HOME: home,
      DATA_DIR: join(work, 'data'),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      STAFF_KEY: 'bench-staff-key-not-used-here',
      // An agent that takes its time, as a model does: the worker runs beside the receiver, I/O-bound.
      AGENT_COMMAND: 'sleep 2; echo ok',
      WEBHOOK_RECEIVER_PROCESSES: String(RECEIVER_PROCESSES),
    },
    ready: async () => (await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1000) })).ok,
  });

  return { child, target: { name: 'switchyard', path: '/webhooks/bench', port, pid: child.pid ?? 0 } };
};

/** CPU of the receiver (and its children) plus PostgreSQL per answered request: the machine's price of one. */
const cpuPerRequest = (measured: Measured) =>
  Math.round(((measured.cpu.serverCores + measured.cpu.postgresCores) / Math.max(1, measured.requestsPerSecond)) * 1e6);

/** Work on the machine that is none of the three: other people's jobs, the kernel's own. */
const otherCores = (cpu: CpuShare) =>
  Math.max(0, Number((cpu.machineBusyCores - cpu.generatorCores - cpu.serverCores - cpu.postgresCores).toFixed(2)));

const cpuText = (cpu: CpuShare) =>
  `generator ${cpu.generatorCores}, receiver ${cpu.serverCores}, PostgreSQL ${cpu.postgresCores}, other ${otherCores(cpu)} (machine busy ${cpu.machineBusyCores} of ${cpus().length})`;

const main = async () => {
  const work = mkdtempSync(join(tmpdir(), 'switchyard-bench-webhooks-'));
  const databaseName = `bench_webhooks_${Date.now().toString(36)}`;
  const databaseUrl = (() => {
    const url = new URL(SERVER_URL);
    url.pathname = `/${databaseName}`;

    return url.toString();
  })();
  await onServer(SERVER_URL, (client) => client.query(`create database ${databaseName}`));
  await onServer(SERVER_URL, (client) => client.query(`alter database ${databaseName} set track_wal_io_timing = on`));
  benchDatabaseUrl = databaseUrl;
  try {
    const postgres = await onServer(SERVER_URL, async (client) => {
      const setting = async (name: string) => String((await client.query(`show ${name}`)).rows[0]?.[name]);

      return {
        version: await setting('server_version'),
        fsync: await setting('fsync'),
        synchronousCommit: await setting('synchronous_commit'),
      };
    });
    const version = execFileSync('webhook', ['-version'], { encoding: 'utf8' }).trim();
    // Both servers run through the whole run, and each level measures one right after the other,
    // so that a change in the machine's other load between levels hits both sides alike.
    const adnanhServer = await startAdnanh(work);
    const switchyardServer = await startSwitchyard(work, databaseUrl).catch(async (error: unknown) => {
      await stopProcess(adnanhServer.child);
      throw error;
    });
    const adnanh: { version: string; results: Level[] } = { version, results: [] };
    const switchyard: Level[] = [];
    try {
      for (const concurrency of CONCURRENCIES) {
        const rounds: Record<Target['name'], Measured[]> = { adnanh: [], switchyard: [] };
        for (let round = 0; round < ROUNDS; round += 1) {
          // Alternating which side goes first keeps any drift from favouring one side.
          const order = round % 2 === 0 ? [adnanhServer.target, switchyardServer.target] : [switchyardServer.target, adnanhServer.target];
          for (const target of order) {
            rounds[target.name].push(await measureLevel(target, concurrency));
          }
        }
        adnanh.results.push(median(rounds.adnanh));
        switchyard.push(median(rounds.switchyard));
      }
    } finally {
      await Promise.all([stopProcess(adnanhServer.child), stopProcess(switchyardServer.child)]);
    }
    const stored = await onServer(databaseUrl, async (client) =>
      Number((await client.query('select count(*)::int as n from webhook_delivery')).rows[0]?.n),
    );
    const levels = CONCURRENCIES.map((concurrency, index) => {
      const a = adnanh.results[index] as Level;
      const s = switchyard[index] as Level;

      return {
        concurrency,
        adnanh: { ...a, cpuMicrosPerRequest: cpuPerRequest(a) },
        switchyard: { ...s, cpuMicrosPerRequest: cpuPerRequest(s) },
        ratio: Number((s.requestsPerSecond / Math.max(1, a.requestsPerSecond)).toFixed(2)),
      };
    });
    const headline = levels.find((level) => level.concurrency === HEADLINE_CONCURRENCY) ?? levels[0];
    if (headline === undefined) {
      throw new Error('no concurrency level measured');
    }
    const ratio = headline.ratio;
    const report = {
      benchmark: 'webhook-receiver',
      date: new Date().toISOString(),
      machine: {
        cpu: cpus()[0]?.model ?? 'unknown',
        cores: cpus().length,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
      },
      load: {
        generator: 'one Node process writing prebuilt requests on raw keep-alive sockets (node:net), closed loop',
        concurrency: CONCURRENCIES,
        headlineConcurrency: HEADLINE_CONCURRENCY,
        warmupSeconds: WARMUP_SECONDS,
        rounds: ROUNDS,
        seconds: SECONDS,
        transport: 'HTTP/1.1 keep-alive on 127.0.0.1',
        body: 'distinct GitHub-style issue events, ~400 bytes, X-Hub-Signature-256, identical bytes for both receivers',
        cores: `all processes share the ${cpus().length} cores, no pinning; CPU use of each side per level is recorded in cores (CPU seconds per second)`,
      },
      adnanh: {
        version: adnanh.version,
        rule: 'payload-hmac-sha256 on X-Hub-Signature-256 (mismatch answers 401), execute-command /bin/true',
      },
      switchyard: {
        database: `PostgreSQL ${postgres.version} (fresh database ${databaseName}), fsync ${postgres.fsync}, synchronous_commit ${postgres.synchronousCommit}`,
        mode: `agent route: verify, match, render, insert into webhook_delivery (committed), then 202; \`switchyard gateway run\` with ${RECEIVER_PROCESSES} HTTP process${RECEIVER_PROCESSES === 1 ? '' : 'es'} (CPU counted for the whole process tree)`,
        // Warm-up and measured requests of every level together: every 202 must have its row.
        eventsPersisted: stored,
        answered2xxAllLevels: answered2xxTotal.switchyard,
      },
      levels,
      ratio,
      target: 1.5,
      meetsTarget: ratio >= 1.5,
    };
    console.log(`ratio at ${HEADLINE_CONCURRENCY} concurrent: ${ratio}x, rows stored ${stored}`);
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, 'webhook-receiver.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(
      join(resultsDir, 'webhook-receiver.md'),
      [
        `# Webhook receiver benchmark (${report.date})`,
        '',
        `Machine: ${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.memoryGiB} GiB, Node ${report.machine.node}. ` +
          `Load: ${report.load.generator}; ${ROUNDS} rounds per level, each side ${SECONDS} s per round after ${WARMUP_SECONDS} s warm-up, order alternating, median round shown, distinct signed events, the same bytes for both receivers. ` +
          `Generator, receiver and PostgreSQL share the ${report.machine.cores} cores (no pinning); the cores each used are shown per level. ` +
          'Each side starts on an idle machine: the bench waits until nothing runs before its warm-up, so that work one receiver left behind does not slow the other. ' +
          "The last column is how long the machine stayed busy after that side's last answer: adnanh/webhook answers before it runs its command, so its commands keep running after the load stops.",
        '',
        `PostgreSQL: ${report.switchyard.database}. Switchyard: ${report.switchyard.mode}.`,
        '',
        '| connections | receiver | requests/s answered 2xx (rounds) | p50 ms | p99 ms | other statuses | errors | CPU cores used | receiver + PostgreSQL CPU µs per request | machine busy after the last answer (s) |',
        '|---|---|---|---|---|---|---|---|---|---|',
        ...levels.flatMap((level) => [
          `| ${level.concurrency} | adnanh/webhook ${adnanh.version} (HMAC rule, /bin/true) | ${level.adnanh.requestsPerSecond} (${level.adnanh.roundsRequestsPerSecond.join(', ')}) | ${level.adnanh.p50Ms} | ${level.adnanh.p99Ms} | ${JSON.stringify(level.adnanh.otherStatuses)} | ${level.adnanh.errors} | ${cpuText(level.adnanh.cpu)} | ${cpuPerRequest(level.adnanh)} | ${level.adnanh.settleSeconds} |`,
          `| ${level.concurrency} | switchyard (event committed in PostgreSQL before 202) | ${level.switchyard.requestsPerSecond} (${level.switchyard.roundsRequestsPerSecond.join(', ')}) | ${level.switchyard.p50Ms} | ${level.switchyard.p99Ms} | ${JSON.stringify(level.switchyard.otherStatuses)} | ${level.switchyard.errors} | ${cpuText(level.switchyard.cpu)} | ${cpuPerRequest(level.switchyard)} | ${level.switchyard.settleSeconds} |`,
        ]),
        '',
        `Ratio switchyard / adnanh: ${levels.map((level) => `${level.ratio}x at ${level.concurrency}`).join(', ')}. ` +
          `Headline (${HEADLINE_CONCURRENCY} connections): **${ratio}x** (target 1.5x, ${ratio >= 1.5 ? 'met' : 'not met'}).`,
        '',
        ...levels.map((level) => {
          const work = level.switchyard.postgres;

          return work
            ? `PostgreSQL for switchyard at ${level.concurrency} connections (median round): ${work.commitsPerSecond} commits/s, ${work.eventsPerCommit} events per commit, ${work.walFlushesPerSecond} WAL flushes/s taking ${work.walFlushMs} ms each on average, ${work.walBytesPerEvent} bytes of WAL and ${work.walFullPagesPerEvent} full-page images per event.`
            : '';
        }),
        '',
        'Rounds that differ widely, or a large "other" share, mean the machine had other work during the run: read the ratio at every level and the CPU per request, not the headline alone.',
        '',
        `Rows in webhook_delivery after the run: ${stored}; 2xx answers switchyard gave during warm-up and measurement at all levels: ${report.switchyard.answered2xxAllLevels}.`,
        '',
      ].join('\n'),
    );
  } finally {
    await onServer(SERVER_URL, (client) => client.query(`drop database if exists ${databaseName} with (force)`));
    rmSync(work, { recursive: true, force: true });
  }
};

await main();
