import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from '../../apps/api/src/env.ts';
import { createLogger } from '../../apps/api/src/logger.ts';
import { startClaimsService } from '../../apps/api/src/claims/service.ts';
import type { Database } from '../../packages/db/src/orm.ts';
import { createTestDatabase } from './webhooks/test-database.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

export const TEST_STAFF_KEY = 'test-staff-key-0123456789abcdef';

export type TestClaims = {
  url: string;
  db: Database;
  smtp: SmtpSink;
  uploadDir: string;
  staffKey: string;
  shared: SharedDatabase;
  /** Every log line the service wrote, for asserting that secrets never appear. */
  logLines: string[];
  /** Moves the service's clock; everything time-based (expiry, aging, rate windows) follows it. */
  setNow(date: Date | null): void;
  /** One pass of the mail outbox at the service's clock, awaited: every mail due by now was tried. */
  runMailOutbox(): Promise<void>;
  uploadedFiles(): string[];
  close(): Promise<void>;
};

export type SharedDatabase = { database: Awaited<ReturnType<typeof createTestDatabase>>; db: Database; users: number };

/**
 * A claims service on a random port with its own database, upload folder and SMTP sink. Given
 * `share`, it runs on the database of another test service instead: on PostgreSQL through its own
 * connection pool, as a second API process would; PGlite allows one opener, so there it shares it.
 */
export const startTestClaims = async (overrides: Record<string, string> = {}, share?: TestClaims): Promise<TestClaims> => {
  const shared: SharedDatabase = share?.shared ?? { database: await createTestDatabase(), db: undefined as unknown as Database, users: 0 };
  const ownPool = !share || shared.database.env.DATABASE_URL !== undefined;
  const db = ownPool ? await shared.database.open() : shared.db;
  shared.db ??= db;
  shared.users++;
  const smtp = await startSmtpSink();
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-claims-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    CLAIMS_PORT: '0',
    DATA_DIR: dataDir,
    STAFF_KEY: TEST_STAFF_KEY,
    SMTP_URL: smtp.url,
    TEAM_EMAIL: 'team@claims.test',
    PORTAL_URL: 'https://portal.claims.test',
    // Tests speak for many callers through X-Forwarded-For.
    TRUST_PROXY: 'true',
    ...overrides,
  });
  let fixedNow: Date | null = null;
  const logLines: string[] = [];
  const server = await startClaimsService({
    env,
    db,
    logger: createLogger({
      level: process.env.TEST_LOG_LEVEL ?? 'debug',
      destination: { write: (line: string) => void logLines.push(line) },
    }),
    now: () => fixedNow ?? new Date(),
  });

  return {
    url: server.url,
    db,
    shared,
    smtp,
    uploadDir: env.UPLOAD_DIR,
    staffKey: TEST_STAFF_KEY,
    logLines,
    setNow: (date) => {
      fixedNow = date;
    },
    runMailOutbox: () => server.service.mailOutbox.runOnce(),
    uploadedFiles: () => {
      try {
        return readdirSync(env.UPLOAD_DIR).sort();
      } catch {
        return [];
      }
    },
    close: async () => {
      await server.close();
      shared.users--;
      if (ownPool && (db !== shared.db || shared.users === 0)) {
        await db.close();
      }
      await smtp.close();
      if (shared.users === 0) {
        if (shared.db !== db) {
          await shared.db.close();
        }
        await shared.database.dispose();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
