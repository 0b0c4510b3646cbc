import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { openDatabase } from '../packages/db/src/orm.ts';
import { enqueueDeliveries } from '../packages/db/src/webhooks/delivery-queue/enqueue.ts';
import type { NewDelivery } from '../packages/db/src/webhooks/delivery-queue/new-delivery.ts';
import { uuidV7 } from '../packages/domain/src/webhooks/delivery-id.ts';
import { machine, writeResult } from './support/machine.ts';
import { freshDatabase } from './support/postgres.ts';

/**
 * What the receiver's inserts write to the write-ahead log with random ids (UUID v4) against
 * time-ordered ids (UUID v7), on a webhook_delivery table that already holds history, as a
 * production table does. After a checkpoint, the first change to each index page is logged as a
 * full 8 kB page image: random ids touch a different leaf of the primary key per row, time-ordered
 * ids the same few rightmost leaves. Each way: a checkpoint, then the same events queued through
 * the receiver's own insert (`enqueueDeliveries`) in its batch size under load. The WAL bytes do
 * not depend on what else the machine does; the milliseconds do (read them as a ratio at most).
 */

const HISTORY_ROWS = Number(process.env.BENCH_ID_HISTORY_ROWS ?? 300_000);
const EVENTS = Number(process.env.BENCH_ID_EVENTS ?? 5_000);
const BATCH = 64;

const database = freshDatabase('switchyard_bench_delivery_ids');
const db = await openDatabase({ databaseUrl: database.url, dataDir: tmpdir() });
const one = async (sql: string) => (await db.fork().execute<Record<string, unknown>[]>(sql))[0] ?? {};

const events = (label: string, newId: () => string): NewDelivery[] =>
  Array.from({ length: EVENTS }, (_, index) => ({
    id: newId(),
    route: 'bench',
    eventType: 'issues',
    idempotencyKey: `${label}:${randomBytes(16).toString('hex')}`,
    mode: 'agent',
    target: 'log',
    chatId: null,
    source: 'github',
    prompt: `Triage issue ${index}`,
    skills: [],
    payload: { action: 'opened', issue: { number: index, body: 'x'.repeat(200) } },
    maxAttempts: 5,
  }));

const queue = async (label: string, newId: () => string) => {
  const all = events(label, newId);
  await db.fork().execute('checkpoint');
  const before = String((await one('select pg_current_wal_lsn() as lsn')).lsn);
  const started = performance.now();
  for (let start = 0; start < all.length; start += BATCH) {
    await enqueueDeliveries(db.fork(), all.slice(start, start + BATCH));
  }
  const ms = performance.now() - started;
  const wal = Number((await one(`select pg_wal_lsn_diff(pg_current_wal_lsn(), '${before}')::bigint as bytes`)).bytes);

  return { wal_bytes_per_event: Math.round(wal / EVENTS), ms_per_1000_events: Math.round((ms / EVENTS) * 1000 * 10) / 10 };
};

try {
  // History: finished deliveries with random ids, as a table written with v4 ids holds them.
  await db.fork().execute(`
    insert into webhook_delivery (id, route, event_type, idempotency_key, mode, status, target, prompt, payload, attempts, max_attempts,
      next_attempt_at, created_at, updated_at, finished_at)
    select gen_random_uuid(), 'bench', 'issues', 'old-' || g, 'agent', 'delivered', 'log', 'p', '{}'::jsonb, 1, 5,
           now(), now(), now(), now() from generate_series(1, ${HISTORY_ROWS}) g`);
  await db.fork().execute('vacuum analyze webhook_delivery');
  const random = await queue('v4', () => randomUUID());
  const ordered = await queue('v7', () => uuidV7(Date.now(), randomBytes(10)));
  const postgres = String((await one('select version() as v')).v);
  const ratio = Math.round((random.wal_bytes_per_event / ordered.wal_bytes_per_event) * 100) / 100;
  const result = {
    postgres,
    history_rows: HISTORY_ROWS,
    events: EVENTS,
    batch: BATCH,
    uuid_v4: random,
    uuid_v7: ordered,
    wal_ratio_v4_to_v7: ratio,
  };
  const file = writeResult('webhook-delivery-ids', result);
  const m = machine();
  writeFileSync(
    join(import.meta.dirname, 'results', 'webhook-delivery-ids.md'),
    `# Webhook delivery ids: random (v4) against time-ordered (v7) (${m.date})

Machine: ${m.cpus}, ${m.memory_gib} GiB, Node ${m.node}. PostgreSQL: ${postgres}.

Setup: \`webhook_delivery\` with all its indexes and ${HISTORY_ROWS} finished rows of history; each way a checkpoint, then
${EVENTS} events queued through the receiver's insert in batches of ${BATCH}.

| ids | WAL bytes per event | ms per 1,000 events (shared machine: a ratio at most) |
|---|---|---|
| UUID v4 (random) | ${random.wal_bytes_per_event} | ${random.ms_per_1000_events} |
| UUID v7 (time-ordered) | ${ordered.wal_bytes_per_event} | ${ordered.ms_per_1000_events} |

Random ids write **${ratio}x** the log of time-ordered ones: after each checkpoint every insert with a random id first changes a
primary-key leaf page no recent insert touched, and PostgreSQL logs that whole 8 kB page.
`,
  );
  console.log(JSON.stringify(result, null, 2));
  console.log(`written ${file}`);
} finally {
  await db.close();
  database.drop();
}
