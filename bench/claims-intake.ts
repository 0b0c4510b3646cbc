import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLoad, type LoadResult } from './support/load.ts';
import { freshDatabase } from './support/postgres.ts';
import { startApi } from './support/start-api.ts';
import { writeResult } from './support/machine.ts';

/**
 * Intake throughput on PGlite and on PostgreSQL, beside pgbench running the same transaction
 * (the statements one intake writes) on the same PostgreSQL: that is the database's own limit,
 * and the ratio says how much of it the service keeps.
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const intakeRequest = (index: number) => {
  const body = JSON.stringify({
    client: { company_name: `Bench Co ${index}`, contact_name: 'Bench Person', email: `bench-${index}-${process.pid}@example.test` },
    debtor: { name: `Debtor ${index}`, business_type: 'LLC' },
    claim: { amount_cents: 10_000 + index, description: 'Benchmark claim' },
    tos_accepted: true,
  });

  return {
    method: 'POST',
    path: '/api/intake',
    // One address per request: the benchmark measures intake, not the rate limiter's refusals.
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), 'X-Forwarded-For': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` },
    body,
  };
};

const measureIntake = async (env: Record<string, string>): Promise<LoadResult> => {
  // Mail goes to the outbox folder, as in a default installation.
  const api = await startApi({ TRUST_PROXY: 'true', ...env });
  try {
    await runLoad({ baseUrl: api.url, concurrency: CONCURRENCY, seconds: 2, next: intakeRequest, expectStatus: 201 });

    return await runLoad({ baseUrl: api.url, concurrency: CONCURRENCY, seconds: SECONDS, next: (index) => intakeRequest(index + 1_000_000), expectStatus: 201 });
  } finally {
    await api.stop();
  }
};

/** The statements of one intake by a new client, as one pgbench transaction. */
const PGBENCH_SCRIPT = `
\\set r random(1, 2000000000)
BEGIN;
INSERT INTO rate_limit_counter (key, window_start, hits) VALUES ('intake-ip:' || :r, now(), 1)
  ON CONFLICT (key) DO UPDATE SET hits = rate_limit_counter.hits + 1 RETURNING hits, window_start;
SELECT id FROM claims_client WHERE email = 'pgbench-' || :r || '-' || :client_id || '@example.test';
INSERT INTO number_sequence (prefix, year, counter) VALUES ('CLT', 2099, 1)
  ON CONFLICT (prefix, year) DO UPDATE SET counter = number_sequence.counter + 1 RETURNING counter;
INSERT INTO number_sequence (prefix, year, counter) VALUES ('CLM', 2099, 1)
  ON CONFLICT (prefix, year) DO UPDATE SET counter = number_sequence.counter + 1 RETURNING counter \\gset
INSERT INTO claims_client (id, client_number, company_name, contact_name, email, tos_accepted_at, created_at, updated_at)
  VALUES (gen_random_uuid(), 'CLT-PGB-' || :r || '-' || :client_id, 'Bench Co', 'Bench Person', 'pgbench-' || :r || '-' || :client_id || '@example.test', now(), now(), now());
INSERT INTO claims_debtor (id, name, business_type, created_at, updated_at) VALUES (gen_random_uuid(), 'Debtor', 'LLC', now(), now());
INSERT INTO claims_claim (id, claim_number, client_id, debtor_id, amount_cents, currency, status, tier, description, search_text, created_at, updated_at)
  SELECT gen_random_uuid(), 'CLM-PGB-' || :counter, c.id, d.id, 10000, 'USD', 'NEW', 'TIER_1', 'Benchmark claim', 'clm bench co debtor', now(), now()
  FROM (SELECT id FROM claims_client WHERE client_number = 'CLT-PGB-' || :r || '-' || :client_id) c,
       (SELECT id FROM claims_debtor ORDER BY created_at DESC LIMIT 1) d;
INSERT INTO claims_note (id, claim_id, author_type, author_name, content, visibility, created_at)
  SELECT gen_random_uuid(), id, 'SYSTEM', 'Switchyard', 'Claim received.', 'SHARED', now() FROM claims_claim WHERE claim_number = 'CLM-PGB-' || :counter;
INSERT INTO claims_audit_entry (id, entity_type, entity_id, claim_id, action, actor, created_at)
  VALUES (gen_random_uuid(), 'client', gen_random_uuid(), NULL, 'create', 'system', now()),
         (gen_random_uuid(), 'claim', gen_random_uuid(), NULL, 'create', 'system', now()),
         (gen_random_uuid(), 'note', gen_random_uuid(), NULL, 'note_add', 'system', now());
COMMIT;
`;

const measurePgbench = (databaseUrl: string): number => {
  const script = join(tmpdir(), `switchyard-intake-${process.pid}.sql`);
  writeFileSync(script, PGBENCH_SCRIPT);
  const url = new URL(databaseUrl);
  const output = execFileSync(
    'pgbench',
    ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres', '-n', '-c', String(CONCURRENCY), '-j', '2', '-T', String(SECONDS), '-f', script, url.pathname.slice(1)],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(output)?.[1];
  if (!tps) {
    throw new Error(`pgbench gave no figure:\n${output}`);
  }

  return Number(tps);
};

const benchClaimsIntake = async () => {
  const pglite = await measureIntake({});
  const database = freshDatabase('switchyard_bench_intake');
  let postgres: LoadResult;
  let pgbenchTps: number;
  try {
    postgres = await measureIntake({ DATABASE_URL: database.url });
    pgbenchTps = measurePgbench(database.url);
  } finally {
    database.drop();
  }
  const ratio = Math.round((postgres.perSecond / pgbenchTps) * 100) / 100;
  const result = {
    what: 'POST /api/intake, new client each time, closed loop',
    concurrency: CONCURRENCY,
    seconds: SECONDS,
    pglite,
    postgres,
    pgbench_same_transaction_tps: pgbenchTps,
    postgres_to_pgbench_ratio: ratio,
    target: 'ratio >= 0.5',
    met: ratio >= 0.5,
  };
  writeResult('claims-intake', result);

  return result;
};

console.log(JSON.stringify(await benchClaimsIntake(), null, 2));
