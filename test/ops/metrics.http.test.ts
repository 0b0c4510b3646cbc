import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../apps/api/src/env.ts';
import { createLogger } from '../../apps/api/src/logger.ts';
import { startClaimsService } from '../../apps/api/src/claims/service.ts';
import { createMetrics } from '../../apps/api/src/ops/metrics/metrics.ts';
import { startOpsListener } from '../../apps/api/src/ops/metrics/ops-listener.ts';
import type { Database } from '../../packages/db/src/orm.ts';
import { enqueueMail } from '../../packages/db/src/mail-outbox.ts';
import { intakeBody } from '../support/claims-client.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';

/** The value of one series of the text format, or undefined when it is absent. */
const valueOf = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));

  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics on the ops listener', () => {
  let database: TestDatabase;
  let db: Database;
  let dataDir: string;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let claims: Awaited<ReturnType<typeof startClaimsService>>;
  let ops: Awaited<ReturnType<typeof startOpsListener>>;
  // The service's clock stands still; the metrics' clock is stepped by the test.
  const serviceNow = new Date('2026-11-27T12:00:00Z');
  let metricsNow = serviceNow.getTime();
  let gaugeReadings = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await database.open();
    dataDir = mkdtempSync(join(tmpdir(), 'switchyard-metrics-'));
    smtp = await startSmtpSink();
    const env = parseEnv({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      CLAIMS_PORT: '0',
      DATA_DIR: dataDir,
      STAFF_KEY: 'metrics-test-staff-key-0123456789',
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'true',
    });
    // Counts the entity managers the query gauges take: one reading forks once per query.
    const counted: Database = { ...db, em: db.em, fork: () => ((gaugeReadings += 1), db.fork()) };
    const metrics = createMetrics({ db: counted, now: () => metricsNow, processMetrics: true });
    const logger = createLogger({ level: 'silent' });
    claims = await startClaimsService({ env, db, logger, metrics, now: () => serviceNow });
    ops = await startOpsListener({ host: '127.0.0.1', port: 0, metrics, logger });
  });
  afterAll(async () => {
    await ops?.close();
    await claims?.close();
    await db?.close();
    await smtp?.close();
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts real requests by route template and outcome, and reads the queue gauges once per window', async () => {
    const post = (body: unknown) =>
      fetch(`${claims.url}/api/intake`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post(intakeBody())).status).toBe(201);
    expect((await post({ nonsense: true })).status).toBe(400);
    const unknownClaim = await fetch(`${claims.url}/api/claims/CLM-2026-999999?token=secret-value`);
    expect(Math.floor(unknownClaim.status / 100)).toBe(4);
    expect((await fetch(`${claims.url}/readyz`)).status).toBe(200);
    // Two mails of a source no worker here serves wait in the outbox, the older since 90 s before the reading.
    await enqueueMail(db.fork(), {
      source: 'ops-test',
      kind: 'note',
      recipient: 'a@example.test',
      subject: 's',
      body: 'b',
      now: serviceNow,
    });
    await enqueueMail(db.fork(), {
      source: 'ops-test',
      kind: 'note',
      recipient: 'b@example.test',
      subject: 's',
      body: 'b',
      now: new Date(serviceNow.getTime() + 30_000),
    });

    metricsNow = serviceNow.getTime() + 90_000;
    const before = gaugeReadings;
    const first = await (await fetch(`${ops.url}/metrics`)).text();
    const readingsOfOneScrape = gaugeReadings - before;
    expect(readingsOfOneScrape).toBeGreaterThan(0);

    const request = (method: string, route: string, status: string) =>
      `switchyard_http_request_duration_seconds_count{service="claims",method="${method}",route="${route}",status_class="${status}"}`;
    expect(valueOf(first, request('POST', '/api/intake', '2xx'))).toBe(1);
    expect(valueOf(first, request('POST', '/api/intake', '4xx'))).toBe(1);
    expect(valueOf(first, request('GET', '/api/claims/{claim_number}', '4xx'))).toBe(1);
    // Never the path as sent, its query, nor the probes.
    expect(first).not.toContain('CLM-2026-999999');
    expect(first).not.toContain('secret-value');
    expect(first).not.toContain('readyz');
    expect(valueOf(first, 'switchyard_claims_intakes_total{outcome="success"}')).toBe(1);
    expect(valueOf(first, 'switchyard_claims_intakes_total{outcome="validation_error"}')).toBe(1);
    expect(valueOf(first, 'switchyard_mail_outbox_depth{source="ops-test"}')).toBe(2);
    expect(valueOf(first, 'switchyard_mail_outbox_oldest_age_seconds{source="ops-test"}')).toBe(90);
    expect(first).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(first).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(valueOf(first, 'switchyard_db_pool_waiting')).toBe(0);
    expect(first).toMatch(/^switchyard_db_pool_in_use \d+/m);

    // A second scrape inside the window shares the reading: no query.
    metricsNow += 14_000;
    const second = await (await fetch(`${ops.url}/metrics`)).text();
    expect(gaugeReadings - before).toBe(readingsOfOneScrape);
    expect(valueOf(second, 'switchyard_mail_outbox_oldest_age_seconds{source="ops-test"}')).toBe(90);

    // Past the window, one new reading.
    metricsNow += 1_000;
    const third = await (await fetch(`${ops.url}/metrics`)).text();
    expect(gaugeReadings - before).toBe(2 * readingsOfOneScrape);
    expect(valueOf(third, 'switchyard_mail_outbox_oldest_age_seconds{source="ops-test"}')).toBe(105);
  });

  it('answers nothing but /metrics', async () => {
    expect((await fetch(`${ops.url}/other`)).status).toBe(404);
    expect((await fetch(`${ops.url}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
