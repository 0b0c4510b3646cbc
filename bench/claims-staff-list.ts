import { runLoad } from './support/load.ts';
import { freshDatabase } from './support/postgres.ts';
import { startApi } from './support/start-api.ts';
import { writeResult } from './support/machine.ts';
import { openDatabase } from '../packages/db/src/orm.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Staff list latency over 100,000 claims: a status filter and a text search, on both databases. */

const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const STAFF_KEY = 'bench-staff-key-0123456789';

const SEED_SQL = [
  `insert into claims_client (id, client_number, company_name, contact_name, email, created_at, updated_at)
   select gen_random_uuid(), 'CLT-2025-' || lpad(i::text, 5, '0'), 'Company ' || i || ' ' || (array['Logistics','Supplies','Foods','Metals','Textiles'])[1 + i % 5],
          'Contact ' || i, 'client' || i || '@bench.test', now() - (i % 400) * interval '1 day', now()
   from generate_series(1, :clients) i`,
  `insert into claims_debtor (id, name, business_type, created_at, updated_at)
   select gen_random_uuid(), 'Debtor ' || i || ' ' || (array['Holdings','Trading','Partners','Group'])[1 + i % 4], 'LLC', now(), now()
   from generate_series(1, :claims) i`,
  `insert into claims_claim (id, claim_number, client_id, debtor_id, amount_cents, currency, status, tier, search_text, created_at, updated_at)
   select gen_random_uuid(), 'CLM-2025-' || lpad(d.n::text, 6, '0'), c.id, d.id, 1000 + (d.n * 37) % 1000000, 'USD',
          (array['NEW','UNDER_REVIEW','ACTIVE','NEGOTIATION','LEGAL','SETTLED','CLOSED','WRITE_OFF','REJECTED'])[1 + d.n % 9],
          (array['TIER_1','TIER_2','TIER_2_5','TIER_3','TIER_4'])[1 + d.n % 5],
          lower('CLM-2025-' || lpad(d.n::text, 6, '0') || ' ' || c.company_name || ' ' || d.name),
          now() - (d.n % 700) * interval '1 day' - d.n * interval '1 second', now()
   from (select id, name, row_number() over () as n from claims_debtor) d
   join (select id, company_name, row_number() over () as n from claims_client) c on c.n = 1 + d.n % :clients`,
  // What autovacuum would have done on a live database: statistics and the visibility map.
  'vacuum analyze',
];

const seed = async (env: { databaseUrl?: string; dataDir: string }) => {
  const db = await openDatabase(env);
  const em = db.fork();
  for (const statement of SEED_SQL) {
    await em.execute(statement, { claims: CLAIMS, clients: Math.max(1, Math.floor(CLAIMS / 5)) });
  }
  await db.close();
};

const measure = async (env: Record<string, string>) => {
  const api = await startApi(env);
  const headers = { 'X-Staff-Key': STAFF_KEY };
  const queries = {
    status_filter: (index: number) => `/api/staff/claims?status=${['ACTIVE', 'LEGAL', 'NEGOTIATION'][index % 3]}&limit=50`,
    // What staff look up: a company, a debtor, a claim number.
    q_search: (index: number) =>
      `/api/staff/claims?q=${['company 1234', 'debtor 4242', 'clm-2025-004200', 'company 777 supplies'][index % 4]}&limit=50`,
    // Not a target, shown for honesty: a word in a fifth of all claims makes the exact total expensive.
    q_search_broad_word: (index: number) => `/api/staff/claims?q=${['logistics', 'holdings'][index % 2]}&limit=50`,
  };
  const results: Record<string, unknown> = {};
  try {
    for (const [name, path] of Object.entries(queries)) {
      await runLoad({
        baseUrl: api.url,
        concurrency: 1,
        seconds: 1,
        next: (index) => ({ method: 'GET', path: encodeURI(path(index)), headers }),
        expectStatus: 200,
      });
      results[name] = await runLoad({
        baseUrl: api.url,
        concurrency: 1,
        seconds: SECONDS / 2,
        next: (index) => ({ method: 'GET', path: encodeURI(path(index)), headers }),
        expectStatus: 200,
      });
    }
  } finally {
    await api.stop();
  }

  return results;
};

const benchClaimsStaffList = async () => {
  const database = freshDatabase('switchyard_bench_list');
  let postgres: Record<string, unknown>;
  try {
    await seed({ databaseUrl: database.url, dataDir: tmpdir() });
    postgres = await measure({ DATABASE_URL: database.url, STAFF_KEY });
  } finally {
    database.drop();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-bench-list-'));
  await seed({ dataDir });
  const pglite = await measure({ DATA_DIR: dataDir, STAFF_KEY });
  const result = {
    what: 'GET /api/staff/claims, limit 50, one caller at a time, total counted on every call',
    claims: CLAIMS,
    postgres,
    pglite,
    target: 'p95 < 20 ms for status_filter and q_search',
    met_postgres: ['status_filter', 'q_search'].every((name) => (postgres[name] as { p95: number }).p95 < 20),
    met_pglite: ['status_filter', 'q_search'].every((name) => (pglite[name] as { p95: number }).p95 < 20),
  };
  writeResult('claims-staff-list', result);

  return result;
};

console.log(JSON.stringify(await benchClaimsStaffList(), null, 2));
