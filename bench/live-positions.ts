import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { machine, writeResult } from './support/machine.ts';
import { freshDatabase } from './support/postgres.ts';
import { startApi } from './support/start-api.ts';
import { machineTicks, waitForQuietMachine } from './support/quiet-machine.ts';
import { cpus } from 'node:os';
import pg from 'pg';

/**
 * Live bus positions on PostgreSQL: simulated trackers PUT locations while SSE viewers watch
 * `GET /api/buses/live`, spread over API processes that share one database (so most events cross
 * processes through LISTEN/NOTIFY). Measured: location updates answered per second, and the time
 * from sending a PUT to each viewer's `location` event for it (p50/p99), first at a tracker's pace
 * (one report per bus per interval), then with every tracker sending as fast as it is answered.
 * Beside it, pgbench runs the upsert a report makes (the same statement) on the same server with
 * as many clients as the server allows, for the ratio of API reports to bare statements.
 *
 * Generator and viewers live in this one process and share the machine's cores with the API and
 * PostgreSQL: on a small shared machine the figures are a floor, and the CPU each side used is
 * recorded beside them.
 */

const BUSES = Number(process.env.BENCH_BUSES ?? 200);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 1000);
const API_PROCESSES = Number(process.env.BENCH_API_PROCESSES ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const INTERVAL_MS = Number(process.env.BENCH_REPORT_INTERVAL_MS ?? 1000);

const { Client } = pg;

const query = async (url: string, sql: string) => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
};

const percentile = (sorted: Float64Array, p: number): number =>
  sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN);
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** CPU seconds (user + system) of a process tree, from /proc. */
const cpuSeconds = (pid: number): number => {
  const ticks = (id: number): number => {
    try {
      const stat = execFileSync('cat', [`/proc/${id}/stat`], { encoding: 'utf8' });
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const own = Number(fields[11]) + Number(fields[12]);
      const children = execFileSync('sh', ['-c', `cat /proc/${id}/task/*/children 2>/dev/null || true`], { encoding: 'utf8' })
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);

      return own + children.reduce((sum, child) => sum + ticks(child), 0);
    } catch {
      return 0;
    }
  };

  return ticks(pid) / 100;
};

const postgresCpuSeconds = (): number => {
  const out = spawnSync('sh', ['-c', "for p in $(pgrep -x postgres); do cut -d' ' -f14,15 /proc/$p/stat; done"], {
    encoding: 'utf8',
  }).stdout;

  return (
    out
      .split('\n')
      .filter(Boolean)
      .reduce(
        (sum, line) =>
          sum +
          line
            .split(' ')
            .map(Number)
            .reduce((a, b) => a + b, 0),
        0,
      ) / 100
  );
};

type Viewer = { close(): void; received: number };

/** One viewer: an EventSource-like reader that times every `location` event against the PUT that caused it. */
const openViewer = (url: string, token: string, agent: Agent, sentAt: Map<string, number>, latencies: number[]): Promise<Viewer> =>
  new Promise((resolve, reject) => {
    const viewer: Viewer = { close: () => req.destroy(), received: 0 };
    const req = request(
      `${url}/api/buses/live`,
      { agent, headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`viewer got ${res.statusCode}`));

          return;
        }
        res.setEncoding('utf8');
        let rest = '';
        res.on('data', (chunk: string) => {
          const now = performance.now();
          const text = rest + chunk;
          const cut = text.lastIndexOf('\n\n');
          rest = cut >= 0 ? text.slice(cut + 2) : text;
          const complete = cut >= 0 ? text.slice(0, cut) : '';
          for (const match of complete.matchAll(/"bus_id":"([^"]+)","lat":([-\d.e]+)/g)) {
            viewer.received += 1;
            const sent = sentAt.get(`${match[1]}:${match[2]}`);
            if (sent !== undefined) {
              latencies.push(now - sent);
            }
          }
        });
        res.on('error', () => undefined);
        resolve(viewer);
      },
    );
    req.on('error', (error) => {
      if ((error as { code?: string }).code !== 'ECONNRESET') {
        reject(error);
      }
    });
    req.end();
  });

type PhaseResult = {
  phase: string;
  seconds: number;
  updates_answered: number;
  updates_per_second: number;
  failed_updates: number;
  statuses: Record<string, number>;
  put_p50_ms: number;
  put_p99_ms: number;
  events_expected: number;
  events_received: number;
  event_latency_p50_ms: number;
  event_latency_p99_ms: number;
  event_latency_max_ms: number;
  cpu: { api: number; postgres: number; bench: number; window_seconds: number; machine_busy_cores: number; other_work_cores: number };
};

const main = async () => {
  // The machine is shared: wait (a while) for it to be quiet, and record whether it was.
  const quiet = await waitForQuietMachine({ thresholdCores: 0.5, maxSeconds: Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 180) });
  const database = freshDatabase(`bench_live_${Date.now().toString(36)}`);
  const email = 'bench-admin@bench.test';
  const password = 'bench-password-0123456789';
  const apis: Awaited<ReturnType<typeof startApi>>[] = [];
  const viewers: Viewer[] = [];
  try {
    for (let index = 0; index < API_PROCESSES; index += 1) {
      apis.push(
        await startApi({
          DATABASE_URL: database.url,
          NODE_ENV: 'development',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'error',
          BOOTSTRAP_ADMIN_EMAIL: email,
          BOOTSTRAP_ADMIN_PASSWORD: password,
        }),
      );
    }
    const transportUrls = apis.map((api) => api.url.replace(/:(\d+)$/, (_all, port: string) => `:${Number(port) + 1}`));
    const login = await fetch(`${transportUrls[0]}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const busIds = Array.from({ length: BUSES }, (_, index) => `bench-${index + 1}`);
    const putAgent = new Agent({ keepAlive: true, maxSockets: BUSES });
    const viewAgent = new Agent({ keepAlive: false, maxSockets: VIEWERS + 10 });
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let sequence = 0;

    const statuses: Record<string, number> = {};
    const put = (busIndex: number): Promise<{ ok: boolean; ms: number }> => {
      sequence += 1;
      const lat = Number((32 + (sequence % 1_000_000) / 1e7).toFixed(7));
      const busId = busIds[busIndex] as string;
      const body = JSON.stringify({ lat, lng: -81.1, heading: 90, speed: 30 });
      const started = performance.now();
      sentAt.set(`${busId}:${lat}`, started);
      const base = transportUrls[busIndex % transportUrls.length] as string;

      return new Promise((resolve) => {
        const req = request(
          `${base}/api/buses/${busId}/location`,
          {
            method: 'PUT',
            agent: putAgent,
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            statuses[String(res.statusCode)] = (statuses[String(res.statusCode)] ?? 0) + 1;
            res.on('end', () => resolve({ ok: res.statusCode === 200, ms: performance.now() - started }));
          },
        );
        req.on('error', (error) => {
          statuses[(error as { code?: string }).code ?? 'error'] = (statuses[(error as { code?: string }).code ?? 'error'] ?? 0) + 1;
          resolve({ ok: false, ms: performance.now() - started });
        });
        req.end(body);
      });
    };

    // Every bus reports once, so viewers open on a fleet with positions.
    await Promise.all(busIds.map((_, index) => put(index)));
    for (let index = 0; index < VIEWERS; index += 1) {
      viewers.push(await openViewer(transportUrls[index % transportUrls.length] as string, token, viewAgent, sentAt, latencies));
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const runPhase = async (phase: 'paced' | 'saturated' | 'saturated, no viewers'): Promise<PhaseResult> => {
      latencies.length = 0;
      for (const key of Object.keys(statuses)) {
        delete statuses[key];
      }
      const received = viewers.reduce((sum, viewer) => sum + viewer.received, 0);
      const putTimes: number[] = [];
      let failed = 0;
      const ticksBefore = machineTicks();
      const cpuBefore = {
        api: apis.reduce((sum, api) => sum + cpuSeconds(api.child.pid as number), 0),
        postgres: postgresCpuSeconds(),
        bench: process.cpuUsage(),
      };
      const started = performance.now();
      const until = started + SECONDS * 1000;
      await Promise.all(
        busIds.map(async (_, index) => {
          // Trackers start spread over the interval, as real ones would be.
          if (phase === 'paced') {
            await new Promise((resolve) => setTimeout(resolve, (index / BUSES) * INTERVAL_MS));
          }
          while (performance.now() < until) {
            const began = performance.now();
            const answer = await put(index);
            if (answer.ok) {
              putTimes.push(answer.ms);
            } else {
              failed += 1;
            }
            if (phase === 'paced') {
              const wait = INTERVAL_MS - (performance.now() - began);
              if (wait > 0) {
                await new Promise((resolve) => setTimeout(resolve, wait));
              }
            }
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      // Events still on their way are waited for (until none came for 500 ms, at most 5 s), then
      // counted. A viewer gets one event per bus per live window, so a bus that reported twice
      // inside one sends its latest position only: fewer events than reports times viewers is
      // expected when trackers report faster than the window. (Waiting for that product would
      // idle the trackers' connections past the server's keep-alive time before the next phase.)
      const expected = putTimes.length * viewers.length;
      const total = () => viewers.reduce((sum, viewer) => sum + viewer.received, 0);
      for (let waited = 0, last = total(), quietFor = 0; waited < 5_000 && total() - received < expected && quietFor < 500; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        quietFor = total() === last ? quietFor + 100 : 0;
        last = total();
      }
      const ticksAfter = machineTicks();
      const cpuAfter = {
        api: apis.reduce((sum, api) => sum + cpuSeconds(api.child.pid as number), 0),
        postgres: postgresCpuSeconds(),
        bench: process.cpuUsage(cpuBefore.bench),
      };
      const sorted = Float64Array.from(latencies).sort();
      const window = (performance.now() - started) / 1000;
      const machineBusy = ((ticksAfter.busy - ticksBefore.busy) / Math.max(1, ticksAfter.total - ticksBefore.total)) * cpus().length;
      const ours =
        (cpuAfter.api - cpuBefore.api + cpuAfter.postgres - cpuBefore.postgres + (cpuAfter.bench.user + cpuAfter.bench.system) / 1e6) /
        window;
      const puts = Float64Array.from(putTimes).sort();

      return {
        phase,
        seconds: round(elapsed),
        updates_answered: putTimes.length,
        updates_per_second: round(putTimes.length / elapsed, 1),
        failed_updates: failed,
        statuses: { ...statuses },
        put_p50_ms: round(percentile(puts, 50)),
        put_p99_ms: round(percentile(puts, 99)),
        events_expected: expected,
        events_received: viewers.reduce((sum, viewer) => sum + viewer.received, 0) - received,
        event_latency_p50_ms: round(percentile(sorted, 50)),
        event_latency_p99_ms: round(percentile(sorted, 99)),
        event_latency_max_ms: round(sorted[sorted.length - 1] ?? NaN),
        cpu: {
          api: round(cpuAfter.api - cpuBefore.api),
          postgres: round(cpuAfter.postgres - cpuBefore.postgres),
          bench: round((cpuAfter.bench.user + cpuAfter.bench.system) / 1e6),
          window_seconds: round(window),
          machine_busy_cores: round(machineBusy),
          other_work_cores: round(Math.max(0, machineBusy - ours)),
        },
      };
    };

    const paced = await runPhase('paced');
    console.log(JSON.stringify(paced));
    const saturated = await runPhase('saturated');
    console.log(JSON.stringify(saturated));
    viewers.forEach((viewer) => viewer.close());
    viewers.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // The same reports with nobody watching: what the fan-out to the viewers costs.
    const alone = await runPhase('saturated, no viewers');
    console.log(JSON.stringify(alone));

    // The statement a report runs, bare, on the same server.
    const maxConnections = Number((await query(database.url, 'show max_connections'))[0]?.max_connections ?? 100);
    const busy = Number((await query(database.url, 'select count(*)::int as n from pg_stat_activity'))[0]?.n ?? 0);
    const clients = Math.max(1, Math.min(BUSES, maxConnections - busy - 10));
    const scriptDir = mkdtempSync(join(tmpdir(), 'switchyard-pgbench-'));
    const script = join(scriptDir, 'report.sql');
    writeFileSync(
      script,
      `\\set bus random(1, ${BUSES})
\\set step random(1, 1000000)
insert into transport_bus (tenant_id, id, lat, lng, heading, speed, last_update)
values ('demo', 'bench-' || :bus, 32 + :step / 10000000.0, -81.1, 90, 30, now())
on conflict (tenant_id, id) do update set lat = excluded.lat, lng = excluded.lng, heading = excluded.heading, speed = excluded.speed, last_update = excluded.last_update;
`,
    );
    const server = new URL(database.url);
    const pgbench = spawnSync(
      'pgbench',
      [
        '-n',
        '-h',
        server.hostname,
        '-p',
        server.port || '5432',
        '-U',
        server.username || 'postgres',
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        String(SECONDS),
        '-f',
        script,
        server.pathname.slice(1),
      ],
      { encoding: 'utf8' },
    );
    rmSync(scriptDir, { recursive: true, force: true });
    const tps = Number(
      /tps = ([\d.]+) \(without initial connection time\)/.exec(pgbench.stdout)?.[1] ?? /tps = ([\d.]+)/.exec(pgbench.stdout)?.[1] ?? NaN,
    );
    const latency = Number(/latency average = ([\d.]+) ms/.exec(pgbench.stdout)?.[1] ?? NaN);
    const version = String((await query(database.url, 'select version() as v'))[0]?.v ?? '');
    const load = execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).trim();

    const result = {
      setup: {
        buses: BUSES,
        viewers: VIEWERS,
        api_processes: API_PROCESSES,
        seconds_per_phase: SECONDS,
        paced_interval_ms: INTERVAL_MS,
        postgres: version,
        load_average_at_end: load,
        quiet_before_start: quiet,
      },
      paced,
      saturated,
      saturated_no_viewers: alone,
      pgbench: {
        clients,
        tps: round(tps, 1),
        latency_average_ms: latency,
        statement: 'the upsert of PUT /api/buses/{bus_id}/location (transport_bus insert ... on conflict do update)',
      },
      ratio_saturated_api_to_pgbench: round(saturated.updates_per_second / tps, 3),
      ratio_no_viewers_api_to_pgbench: round(alone.updates_per_second / tps, 3),
    };
    writeResult('live-positions', result);
    writeFileSync(join(import.meta.dirname, 'results', 'live-positions.md'), markdown(result));
    console.log(JSON.stringify(result, null, 2));
  } finally {
    viewers.forEach((viewer) => viewer.close());
    for (const api of apis) {
      await api.stop();
    }
    database.drop();
  }
};

const markdown = (result: {
  setup: Record<string, unknown>;
  paced: PhaseResult;
  saturated: PhaseResult;
  saturated_no_viewers: PhaseResult;
  pgbench: { clients: number; tps: number; latency_average_ms: number };
  ratio_saturated_api_to_pgbench: number;
  ratio_no_viewers_api_to_pgbench: number;
}): string => {
  const m = machine();
  const row = (phase: PhaseResult) =>
    `| ${phase.phase} | ${phase.updates_per_second} | ${phase.failed_updates} | ${phase.put_p50_ms} / ${phase.put_p99_ms} | ${phase.event_latency_p50_ms} | ${phase.event_latency_p99_ms} | ${phase.event_latency_max_ms} | ${phase.events_received} of ${phase.events_expected} | API ${phase.cpu.api} s, PostgreSQL ${phase.cpu.postgres} s, bench ${phase.cpu.bench} s in ${phase.cpu.window_seconds} s; machine busy ${phase.cpu.machine_busy_cores} of ${cpus().length} cores, other work ${phase.cpu.other_work_cores} |`;

  return `# Live positions benchmark (${m.date})

Machine: ${m.cpus}, ${m.memory_gib} GiB, Node ${m.node}; shared with other people's work (quiet before the start: ${JSON.stringify(result.setup.quiet_before_start)}; load average at the end: ${String(result.setup.load_average_at_end)}; per phase the cores the whole machine was busy and the share that was not this benchmark are in the last column), so the figures are a floor, not a capacity.
PostgreSQL: ${String(result.setup.postgres)}.

Setup: ${String(result.setup.buses)} simulated trackers PUT \`/api/buses/{bus_id}/location\` while ${String(result.setup.viewers)} viewers hold \`GET /api/buses/live\` open, spread over ${String(result.setup.api_processes)} API processes sharing one PostgreSQL database (a viewer and the PUT it hears are on different processes for most events: the position travels by NOTIFY). Every viewer sees every bus of the tenant, so each update is ${String(result.setup.viewers)} events. Generator and viewers run in one Node process on the same cores as the API and PostgreSQL. ${String(result.setup.seconds_per_phase)} s per phase; "paced": each tracker reports every ${String(result.setup.paced_interval_ms)} ms; "saturated": each tracker sends its next report as soon as the last is answered.

| phase | updates/s answered | failed | PUT p50 / p99 ms | PUT-to-event p50 ms | p99 ms | max ms | events received | CPU used |
|---|---|---|---|---|---|---|---|---|
${row(result.paced)}
${row(result.saturated)}
${row(result.saturated_no_viewers)}

Events received can be fewer than reports times viewers: each viewer gets one event per bus per live window, the bus's latest position, so a report superseded inside the window is not sent.

Answers other than 200 (a tracker whose report failed sends the next one): paced ${JSON.stringify(result.paced.statuses)}, saturated ${JSON.stringify(result.saturated.statuses)}, no viewers ${JSON.stringify(result.saturated_no_viewers.statuses)}.

pgbench, the same upsert statement (no HTTP, no auth, no trip progress, no NOTIFY), ${result.pgbench.clients} clients (the server's connection limit leaves no room for one per tracker): **${result.pgbench.tps} statements/s**, ${result.pgbench.latency_average_ms} ms average.
Ratio saturated API updates/s to pgbench: **${result.ratio_saturated_api_to_pgbench}** with the viewers, ${result.ratio_no_viewers_api_to_pgbench} without.

A report does more than the statement: the token is checked with the identity provider (the built-in one, over loopback HTTP), the tenant is read, and one statement stores the position, sends the NOTIFY and tells whether the bus drives an active route (none here, so no trip progress runs). Each viewer's events are written by the API process the viewer is connected to, gathered per viewer for the live window (\`TRANSPORT_LIVE_WINDOW_MS\`, 100 ms by default) into one write.
`;
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
