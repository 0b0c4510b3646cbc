import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { githubSignedRequests, runSignedLoad, type LoadResult } from './webhooks/signed-load.ts';
import { freePort, startProcess, stopProcess } from './webhooks/start-process.ts';

/**
 * Webhook receiver throughput: signed requests answered per second and p99 latency, for the
 * switchyard receiver (every accepted event written to PostgreSQL before its 202) beside
 * adnanh/webhook (HMAC-SHA256 trigger rule, running /bin/true) on the same machine, same run,
 * same load generator, loopback only.
 */

const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const MAX_REQUESTS = Number(process.env.BENCH_MAX_REQUESTS ?? 150_000);
const SECRET = 'bench-secret-0123456789abcdef';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = join(repoRoot, 'bench', 'results');

type PgClient = { connect(): Promise<void>; query(sql: string): Promise<{ rows: Record<string, unknown>[] }>; end(): Promise<void> };
const { Client } = createRequire(import.meta.url)('pg') as { Client: new (options: { connectionString: string }) => PgClient };

const onServer = async <T>(url: string, work: (client: PgClient) => Promise<T>): Promise<T> => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

const healthy = (url: string) => async () => (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;

const measure = async (url: string, offset: number): Promise<LoadResult> => {
  const requests = githubSignedRequests(SECRET, MAX_REQUESTS, offset);
  const warm = Math.min(requests.length, 20_000);
  await runSignedLoad({ url, requests: requests.slice(0, warm), concurrency: CONCURRENCY, seconds: WARMUP_SECONDS });

  return runSignedLoad({ url, requests: requests.slice(warm), concurrency: CONCURRENCY, seconds: SECONDS });
};

const benchAdnanh = async (work: string): Promise<{ version: string; result: LoadResult }> => {
  const version = execFileSync('webhook', ['-version'], { encoding: 'utf8' }).trim();
  const hooks = [
    {
      id: 'bench',
      'execute-command': '/bin/true',
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
    ready: async () => (await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) }).then(() => true)),
  });
  try {
    return { version, result: await measure(`http://127.0.0.1:${port}/hooks/bench`, 0) };
  } finally {
    await stopProcess(child);
  }
};

const benchSwitchyard = async (work: string, databaseUrl: string) => {
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
  const child = await startProcess(process.execPath, [join(repoRoot, 'apps/api/bin/switchyard.js'), 'gateway', 'run'], {
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
    },
    ready: healthy(`http://127.0.0.1:${port}/health`),
  });
  try {
    const result = await measure(`http://127.0.0.1:${port}/webhooks/bench`, 1_000_000);

    return result;
  } finally {
    await stopProcess(child);
  }
};

const main = async () => {
  const work = mkdtempSync(join(tmpdir(), 'switchyard-bench-webhooks-'));
  const databaseName = `bench_webhooks_${Date.now().toString(36)}`;
  const databaseUrl = (() => {
    const url = new URL(SERVER_URL);
    url.pathname = `/${databaseName}`;

    return url.toString();
  })();
  await onServer(SERVER_URL, (client) => client.query(`create database ${databaseName}`));
  try {
    const postgresVersion = await onServer(SERVER_URL, async (client) => String((await client.query('show server_version')).rows[0]?.server_version));
    console.log(`adnanh/webhook: ${CONCURRENCY} concurrent, ${SECONDS} s ...`);
    const adnanh = await benchAdnanh(work);
    console.log(JSON.stringify(adnanh.result));
    console.log(`switchyard receiver on PostgreSQL ${postgresVersion}: ${CONCURRENCY} concurrent, ${SECONDS} s ...`);
    const switchyard = await benchSwitchyard(work, databaseUrl);
    console.log(JSON.stringify(switchyard));
    const persisted = await onServer(databaseUrl, async (client) =>
      Number((await client.query('select count(*)::int as n from webhook_delivery')).rows[0]?.n),
    );
    const ratio = Number((switchyard.requestsPerSecond / Math.max(1, adnanh.result.requestsPerSecond)).toFixed(2));
    const report = {
      benchmark: 'webhook-receiver',
      date: new Date().toISOString(),
      machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
      load: { concurrency: CONCURRENCY, warmupSeconds: WARMUP_SECONDS, seconds: SECONDS, transport: 'HTTP/1.1 keep-alive on 127.0.0.1', body: 'distinct GitHub-style issue events, ~400 bytes, X-Hub-Signature-256' },
      adnanh: { version: adnanh.version, rule: 'payload-hmac-sha256 on X-Hub-Signature-256, execute-command /bin/true', ...adnanh.result },
      switchyard: {
        database: `PostgreSQL ${postgresVersion} (fresh database ${databaseName})`,
        mode: 'agent route: verify, match, render, insert into webhook_delivery, then 202',
        ...switchyard,
        // Warm-up and measured requests together: every 202 must have its row.
        eventsPersisted: persisted,
      },
      ratio,
      target: 1.5,
      meetsTarget: ratio >= 1.5,
    };
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, 'webhook-receiver.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(
      join(resultsDir, 'webhook-receiver.md'),
      [
        `# Webhook receiver benchmark (${report.date})`,
        '',
        `Machine: ${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.memoryGiB} GiB, Node ${report.machine.node}. Load: ${CONCURRENCY} concurrent keep-alive connections on loopback, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up, distinct signed events.`,
        '',
        '| receiver | requests/s answered 2xx | p50 ms | p99 ms | other statuses | errors |',
        '|---|---|---|---|---|---|',
        `| adnanh/webhook ${adnanh.version} (HMAC rule, /bin/true) | ${adnanh.result.requestsPerSecond} | ${adnanh.result.p50Ms} | ${adnanh.result.p99Ms} | ${JSON.stringify(adnanh.result.otherStatuses)} | ${adnanh.result.errors} |`,
        `| switchyard (event stored in PostgreSQL before 202) | ${switchyard.requestsPerSecond} | ${switchyard.p50Ms} | ${switchyard.p99Ms} | ${JSON.stringify(switchyard.otherStatuses)} | ${switchyard.errors} |`,
        '',
        `Ratio switchyard / adnanh: **${ratio}x** (target 1.5x). Events persisted: ${persisted} rows for every 202 of warm-up and measurement.`,
        '',
      ].join('\n'),
    );
    console.log(`ratio ${ratio}x, persisted ${persisted}`);
  } finally {
    await onServer(SERVER_URL, (client) => client.query(`drop database if exists ${databaseName} with (force)`));
    rmSync(work, { recursive: true, force: true });
  }
};

await main();
