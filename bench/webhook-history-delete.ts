import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { openDatabase } from '../packages/db/src/orm.ts';
import { deleteExpiredDeliveries } from '../packages/db/src/webhooks/expired-deliveries.ts';
import { RETENTION_BATCH_ROWS } from '../apps/api/src/retention/retention-sweep.ts';
import { machine, writeResult } from './support/machine.ts';
import { freshDatabase } from './support/postgres.ts';

/**
 * What expiring a day of webhook delivery history costs on PostgreSQL, two ways, in one run on the
 * same server: the retention sweep's batched DELETE (deleteExpiredDeliveries, 1,000 rows a
 * statement, through webhook_delivery_history_idx, then the VACUUM that makes the space reusable),
 * and what a daily partition would do instead (DETACH PARTITION + DROP of a partition holding the
 * same rows, and a plain DROP TABLE of a copy). The rows are erased finished deliveries (what a
 * row is by the time its history expires), beside as many younger rows that stay. Figures are per
 * 10,000 rows; on a shared machine the ratio is the figure to read, not the milliseconds.
 */

const ROWS = Number(process.env.BENCH_HISTORY_ROWS ?? 200_000);
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const DAY = 86_400_000;
const NOW = new Date();

const database = freshDatabase('switchyard_bench_history');
const db = await openDatabase({ databaseUrl: database.url, dataDir: tmpdir() });
const em = () => db.fork();
const one = async (sql: string) => (await em().execute<Record<string, unknown>[]>(sql))[0] ?? {};
const timed = async (work: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await work();

  return performance.now() - started;
};
const walBytes = async (work: () => Promise<unknown>): Promise<{ ms: number; wal: number }> => {
  const before = String((await one('select pg_current_wal_lsn() as lsn')).lsn);
  const ms = await timed(work);
  const after = await one(`select pg_wal_lsn_diff(pg_current_wal_lsn(), '${before}')::bigint as bytes`);

  return { ms, wal: Number(after.bytes) };
};

try {
  // `old`: finished 100 days ago, past the default 90; `young`: finished 10 days ago.
  const seed = (label: string, daysAgo: number) => `
    insert into webhook_delivery (id, route, event_type, idempotency_key, mode, status, target, prompt, payload, attempts, max_attempts,
      next_attempt_at, created_at, updated_at, finished_at, erased_at, attempt_log)
    select gen_random_uuid(), 'route-' || (g % 50), 'push', '${label}-' || g, 'agent', case when g % 20 = 0 then 'failed' else 'delivered' end,
           'telegram:123', '', '{}'::jsonb, 1, 8, t, t, t, t + interval '2 seconds', t + interval '31 days',
           '[{"at":"2026-01-01T00:00:00Z","outcome":"delivered","ms":850}]'::jsonb
      from generate_series(1, ${ROWS}) g, lateral (select now() - interval '${daysAgo} days' - (g * interval '1 millisecond') as t) x`;
  await em().execute(seed('old', 100));
  await em().execute(seed('young', 10));
  await em().execute('vacuum analyze webhook_delivery');
  const tableBytes = Number((await one(`select pg_total_relation_size('webhook_delivery') as b`)).b);

  // The same old rows in a copy partitioned by finished_at (one partition for their day), and in a plain table.
  await em().execute(`create table history_part (like webhook_delivery including defaults) partition by range (finished_at)`);
  await em().execute(
    `create table history_day partition of history_part for values from ('-infinity') to ('${new Date(NOW.getTime() - 50 * DAY).toISOString()}')`,
  );
  await em().execute(
    `create table history_rest partition of history_part for values from ('${new Date(NOW.getTime() - 50 * DAY).toISOString()}') to ('infinity')`,
  );
  await em().execute(`create index on history_part (id)`);
  await em().execute(`create index on history_part (route, created_at desc)`);
  await em().execute(`insert into history_part select * from webhook_delivery`);
  await em().execute(`create table history_plain as select * from webhook_delivery where idempotency_key like 'old-%'`);
  await em().execute(`create index on history_plain (id)`);
  await em().execute('checkpoint');

  const cutoff = new Date(NOW.getTime() - 90 * DAY);
  const batches: number[] = [];
  const deleted = await walBytes(async () => {
    for (;;) {
      const removed = await deleteExpiredDeliveries(em(), cutoff, NOW, RETENTION_BATCH_ROWS);
      batches.push(removed);
      if (removed < RETENTION_BATCH_ROWS) {
        break;
      }
    }
  });
  const removed = batches.reduce((sum, n) => sum + n, 0);
  const vacuumMs = await timed(() => em().execute('vacuum webhook_delivery'));
  const left = Number((await one(`select count(*)::int as n from webhook_delivery`)).n);
  const detached = await walBytes(async () => {
    await em().execute('alter table history_part detach partition history_day');
    await em().execute('drop table history_day');
  });
  const dropped = await walBytes(() => em().execute('drop table history_plain'));
  const postgres = String((await one('select version() as v')).v);

  const per10k = (ms: number) => round((ms / removed) * 10_000);
  const result = {
    postgres,
    rows_expired: removed,
    rows_kept: left,
    batches: batches.length,
    batch_rows: RETENTION_BATCH_ROWS,
    table_bytes_before: tableBytes,
    delete: {
      total_ms: round(deleted.ms),
      per_10000_ms: per10k(deleted.ms),
      wal_bytes_per_10000: Math.round((deleted.wal / removed) * 10_000),
    },
    vacuum_after_delete: { total_ms: round(vacuumMs), per_10000_ms: per10k(vacuumMs) },
    detach_and_drop_partition: { total_ms: round(detached.ms), per_10000_ms: per10k(detached.ms), wal_bytes: detached.wal },
    drop_table: { total_ms: round(dropped.ms), per_10000_ms: per10k(dropped.ms), wal_bytes: dropped.wal },
    ratio_delete_plus_vacuum_to_detach_drop: round((deleted.ms + vacuumMs) / detached.ms, 1),
  };
  const file = writeResult('webhook-history-delete', result);
  const m = machine();
  writeFileSync(
    join(import.meta.dirname, 'results', 'webhook-history-delete.md'),
    `# Webhook delivery history: batched DELETE against dropping a partition (${m.date})

Machine: ${m.cpus}, ${m.memory_gib} GiB, Node ${m.node}; shared with other work, so read the ratio, not the milliseconds.
PostgreSQL: ${postgres}.

Setup: ${ROWS} finished, erased delivery rows that finished 100 days ago (past WEBHOOK_DELIVERY_HISTORY_DAYS = 90) beside ${ROWS} that finished 10 days ago,
all indexes of \`webhook_delivery\` (${Math.round(tableBytes / 2 ** 20)} MiB with them). The same expired rows in a partitioned copy (one partition
holding exactly them) and in a plain table.

| way | total ms | ms per 10,000 rows | WAL |
|---|---|---|---|
| batched DELETE (${batches.length} statements of at most ${RETENTION_BATCH_ROWS}) | ${result.delete.total_ms} | ${result.delete.per_10000_ms} | ${result.delete.wal_bytes_per_10000} B per 10,000 rows |
| VACUUM afterwards (space reusable, indexes cleaned) | ${result.vacuum_after_delete.total_ms} | ${result.vacuum_after_delete.per_10000_ms} | |
| DETACH PARTITION + DROP | ${result.detach_and_drop_partition.total_ms} | ${result.detach_and_drop_partition.per_10000_ms} | ${detached.wal} B in all |
| DROP TABLE of a copy | ${result.drop_table.total_ms} | ${result.drop_table.per_10000_ms} | ${dropped.wal} B in all |

Ratio (DELETE + VACUUM) / (DETACH + DROP): **${result.ratio_delete_plus_vacuum_to_detach_drop}**. Rows left: ${left} (the young ones).
`,
  );
  console.log(JSON.stringify(result, null, 2));
  console.log(`written ${file}`);
} finally {
  await db.close();
  database.drop();
}
