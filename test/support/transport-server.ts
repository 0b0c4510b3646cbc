import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from '../../apps/api/src/env.ts';
import { createLogger } from '../../apps/api/src/logger.ts';
import { startTransportService } from '../../apps/api/src/transport/service.ts';
import type { Database } from '../../packages/db/src/orm.ts';
import { createTestDatabase, type TestDatabase } from './webhooks/test-database.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

export type TestTransport = {
  url: string;
  db: Database;
  /** The database behind it, for a second service on the same one (`startTestTransport(..., { database })`). */
  database: TestDatabase;
  smtp: SmtpSink;
  logLines: string[];
  /** Moves the service's clock. */
  setNow(date: Date | null): void;
  /** A clock that keeps running, `ms` ahead of the real one (when no fixed time is set). */
  setClockOffset(ms: number): void;
  /** How many live streams listen to the position feed in this service. */
  liveListeners(): number;
  close(): Promise<void>;
};

/**
 * A transport service on a random port with its own database and SMTP sink. Without IDENTITY_URL
 * in the overrides it uses its built-in identity provider; tests of other features usually pass
 * the URL of a fake one (test/support/fake-identity.ts).
 */
export const startTestTransport = async (
  overrides: Record<string, string> = {},
  share: { database?: TestDatabase } = {},
): Promise<TestTransport> => {
  // A second service on another's database opens its own connections (as a second API process
  // would) and leaves the database to its first owner.
  const database = share.database ?? (await createTestDatabase());
  const db = await database.open();
  const smtp = await startSmtpSink();
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-transport-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    TRANSPORT_PORT: '0',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    // Outside providers are never reached from tests: each is a closed local port unless a test fakes it.
    WEATHER_URL: 'http://127.0.0.1:9',
    TOMTOM_URL: 'http://127.0.0.1:9',
    SQUARE_URL: 'http://127.0.0.1:9',
    STRIPE_URL: 'http://127.0.0.1:9',
    TRANSPORT_HTTP_TIMEOUT_MS: '2000',
    ...overrides,
  });
  let fixedNow: Date | null = null;
  let offsetMs = 0;
  const logLines: string[] = [];
  const server = await startTransportService({
    env,
    db,
    logger: createLogger({ level: 'debug', destination: { write: (line: string) => void logLines.push(line) } }),
    now: () => fixedNow ?? new Date(Date.now() + offsetMs),
  });

  return {
    url: server.url,
    db,
    database,
    smtp,
    logLines,
    setClockOffset: (ms) => {
      offsetMs = ms;
    },
    setNow: (date) => {
      fixedNow = date;
    },
    liveListeners: () => server.service.services.live.feed.listeners(),
    close: async () => {
      await server.close();
      await db.close();
      await smtp.close();
      if (!share.database) {
        await database.dispose();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
