import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRawLoad, type LoadResult } from './support/raw-load.ts';
import { freshDatabase } from './support/postgres.ts';
import { startApi } from './support/start-api.ts';
import { writeResult } from './support/machine.ts';
import { INTAKE_SQL } from '../packages/db/src/claims/intake.ts';

/**
 * Intake throughput on PGlite and on PostgreSQL, beside pgbench running the same transaction
 * (the statements one intake writes) on the same PostgreSQL: that is the database's own limit,
 * and the ratio says how much of it the service keeps.
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

/** One prebuilt HTTP/1.1 intake request; every one a new client from its own address. */
const intakeRequest = (port: number, index: number): Buffer => {
  const body = JSON.stringify({
    client: { company_name: `Bench Co ${index}`, contact_name: 'Bench Person', email: `bench-${index}-${process.pid}@example.test` },
    debtor: { name: `Debtor ${index}`, business_type: 'LLC' },
    claim: { amount_cents: 10_000 + index, description: 'Benchmark claim' },
    tos_accepted: true,
  });
  // One address per request: the benchmark measures intake, not the rate limiter's refusals.
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const head =
    `POST /api/intake HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n` +
    `content-length: ${Buffer.byteLength(body)}\r\nx-forwarded-for: ${address}\r\n\r\n`;

  return Buffer.from(head + body);
};

const requests = (port: number, first: number, count: number): Buffer[] =>
  Array.from({ length: count }, (_unused, offset) => intakeRequest(port, first + offset));

const measureIntake = async (env: Record<string, string>): Promise<LoadResult> => {
  // Mail goes to the outbox folder, as in a default installation.
  const api = await startApi({ TRUST_PROXY: 'true', ...env });
  try {
    const port = Number(new URL(api.url).port);
    await runRawLoad({ port, requests: requests(port, 0, 5_000), concurrency: CONCURRENCY, seconds: 2 });

    return await runRawLoad({ port, requests: requests(port, 1_000_000, 50_000), concurrency: CONCURRENCY, seconds: SECONDS });
  } finally {
    await api.stop();
  }
};

/**
 * pgbench runs the very statements the service runs for one intake by a new client: the rate-limit
 * upsert, then the intake statement of packages/db/src/claims/intake.ts with its parameters given
 * as pgbench variables and SQL expressions (pgbench variables hold numbers only).
 */
const pgbenchScript = (): string => {
  const values: Record<string, string> = {
    year: String(new Date().getUTCFullYear()),
    email: `('pgbench-' || :r || '-' || :client_id || '@example.test')`,
    clientId: 'gen_random_uuid()',
    debtorId: 'gen_random_uuid()',
    claimId: 'gen_random_uuid()',
    noteId: 'gen_random_uuid()',
    companyName: `('Bench Co ' || :r)`,
    contactName: `'Bench Person'`,
    phone: 'null',
    now: 'now()',
    debtorName: `('Debtor ' || :r)`,
    businessType: `'LLC'`,
    debtorEmail: 'null',
    debtorPhone: 'null',
    address: 'null',
    amount: '(10000 + :r % 1000)',
    description: `'Benchmark claim'`,
    reference: 'null',
    invoiceDate: 'null',
    systemName: `'Switchyard'`,
    systemActor: `'system'`,
    mailId: 'gen_random_uuid()',
    mailSource: `'claims'`,
    mailKind: `'intake_summary'`,
    mailRecipient: `'team@example.test'`,
    mailReplyTo: 'null',
    mailRequestId: 'null',
    mailSubject: `'New claim claimmarker'`,
    mailBody: `'Claim claimmarker, client clientmarker'`,
    claimMarker: `'claimmarker'`,
    clientMarker: `'clientmarker'`,
  };
  // Longest names first, so :claimId is not taken for :claim.
  const names = Object.keys(values).sort((a, b) => b.length - a.length);
  let intake = INTAKE_SQL;
  for (const name of names) {
    intake = intake.replace(new RegExp(`:${name}\\b`, 'g'), values[name] as string);
  }
  const oneLine = (sql: string) =>
    sql
      .replace(/--[^\n]*/g, '')
      .replace(/\s+/g, ' ')
      .trim();

  return [
    '\\set r random(1, 2000000000)',
    oneLine(`insert into rate_limit_counter (key, window_start, hits) values ('intake-ip:' || :r || '-' || :client_id, now(), 1)
      on conflict (key) do update set hits = rate_limit_counter.hits + 1 returning hits, window_start;`),
    `${oneLine(intake)};`,
    '',
  ].join('\n');
};

const measurePgbench = (databaseUrl: string): number => {
  const script = join(tmpdir(), `switchyard-intake-${process.pid}.sql`);
  writeFileSync(script, pgbenchScript());
  const url = new URL(databaseUrl);
  const output = execFileSync(
    'pgbench',
    [
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      url.username || 'postgres',
      '-n',
      '-c',
      String(CONCURRENCY),
      '-j',
      '2',
      '-T',
      String(SECONDS),
      '-f',
      script,
      url.pathname.slice(1),
    ],
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
  const ratio = Math.round((postgres.requestsPerSecond / pgbenchTps) * 100) / 100;
  const result = {
    what: 'POST /api/intake answered 201 per second, new client each time, closed loop from a lean raw-socket client; pgbench runs the same rate-limit and intake statements',
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
