import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import type { Database } from '@switchyard/db/orm';
import { findDelivery } from '@switchyard/db/webhooks/delivery-history';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { parseEnv, type Env } from '../../../apps/api/src/env.ts';
import { createLogger } from '../../../apps/api/src/logger.ts';
import type { WebhookReceiver } from '../../../apps/api/src/webhooks/gateway-core.ts';
import { summarizeDelivery, type DeliverySummary } from '../../../apps/api/src/webhooks/delivery/delivery-presenter.ts';
import { startWebhookReceiver } from '../../../apps/api/src/webhooks/start-webhook-receiver.ts';
import type { Metrics } from '../../../apps/api/src/ops/metrics/metrics.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { waitFor } from './wait-for.ts';

export type HarnessOptions = {
  /** Keys of platforms.webhook.extra besides host and port. */
  extra?: Record<string, unknown>;
  env?: Record<string, string>;
  subscriptions?: Record<string, unknown>;
  /** Files to create under SWITCHYARD_HOME, e.g. `scripts/x.sh` or `skills/a/SKILL.md`. */
  files?: Record<string, string>;
  /** Receives the service's log lines (JSON text); unset, the log is silent. */
  logLines?: string[];
  /** The delivery worker does not poll: the test runs it with runWorker() / drainWorker(). */
  steppedWorker?: boolean;
  /** The process's metrics, given to the receiver and its delivery worker. */
  metrics?: Metrics;
};

export type PostResult = { status: number; body: Record<string, unknown>; headers: Headers };

/**
 * Polls and retries quick enough for tests (the defaults are minutes). The limits on work, though,
 * stay far above what any test's work takes on a busy machine: with 3-5 s limits, an agent run or
 * a script slowed down by load is cut off and retried (so it runs twice), and a lease a stalled
 * event loop did not renew in time is taken over by another claim, which changes what a test
 * counts. A test about a timeout or a lease sets that one short itself.
 */
export const FAST_WEBHOOK_ENV = {
  WEBHOOK_WORKER_POLL_MS: '50',
  WEBHOOK_RETRY_BASE_MS: '100',
  WEBHOOK_RETRY_MAX_MS: '400',
  WEBHOOK_LEASE_MS: '30000',
  WEBHOOK_HTTP_TIMEOUT_MS: '30000',
  WEBHOOK_SCRIPT_TIMEOUT_MS: '30000',
  AGENT_TIMEOUT_MS: '60000',
};

export const writeHomeFiles = (home: string, files: Record<string, string>): void => {
  for (const [path, content] of Object.entries(files)) {
    const file = join(home, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content, { mode: 0o700 });
  }
};

const configYaml = (extra: Record<string, unknown> = {}): string =>
  stringify({ platforms: { webhook: { enabled: true, extra: { host: '127.0.0.1', port: 0, ...extra } } } });

/** The receiver, in this process, on a random port, with its own SWITCHYARD_HOME and database. */
export class ReceiverHarness {
  private constructor(
    readonly home: string,
    readonly env: Env,
    readonly db: Database,
    private readonly testDb: TestDatabase,
    readonly receiver: WebhookReceiver,
  ) {}

  static async start(options: HarnessOptions = {}): Promise<ReceiverHarness> {
    const home = mkdtempSync(join(tmpdir(), 'switchyard-home-'));
    writeFileSync(join(home, 'config.yaml'), configYaml(options.extra));
    if (options.subscriptions !== undefined) {
      writeFileSync(join(home, 'webhook_subscriptions.json'), JSON.stringify(options.subscriptions));
    }
    writeHomeFiles(home, options.files ?? {});
    const testDb = await createTestDatabase();
    const db = await testDb.open();
    const env = parseEnv({
      SWITCHYARD_HOME: home,
      DATA_DIR: testDb.env.DATA_DIR,
      PATH: process.env.PATH,
      LOG_LEVEL: 'silent',
      ...FAST_WEBHOOK_ENV,
      ...options.env,
    });
    const { logLines } = options;
    const logger =
      logLines === undefined
        ? createLogger({ level: 'silent' })
        : createLogger({ level: 'info', destination: { write: (line: string) => void logLines.push(line) } });
    const receiver = await startWebhookReceiver({
      env,
      db,
      logger,
      steppedWorker: options.steppedWorker === true,
      by: 'service',
      metrics: options.metrics,
    });
    if (receiver === null) {
      throw new Error('receiver not enabled');
    }

    return new ReceiverHarness(home, env, db, testDb, receiver);
  }

  /**
   * Replaces config.yaml while the receiver runs, the way an editor or `gateway setup` does (a new
   * file renamed over the old); `extra` is platforms.webhook.extra besides host and port.
   */
  rewriteConfig(extra: Record<string, unknown>): void {
    const file = join(this.home, 'config.yaml');
    writeFileSync(`${file}.new`, configYaml(extra));
    renameSync(`${file}.new`, file);
  }

  /** DATABASE_URL or DATA_DIR of this receiver's database, for CLI children. */
  get databaseEnv(): { DATABASE_URL?: string; DATA_DIR: string } {
    return this.testDb.env;
  }

  get url(): string {
    return this.receiver.url;
  }

  async post(name: string, body: string, headers: Record<string, string> = {}): Promise<PostResult> {
    const response = await fetch(`${this.url}/webhooks/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    const text = await response.text();

    return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>), headers: response.headers };
  }

  /** A GitHub-style signed POST. */
  postSigned(name: string, payload: unknown, secret: string, headers: Record<string, string> = {}): Promise<PostResult> {
    const body = JSON.stringify(payload);

    return this.post(name, body, { 'x-hub-signature-256': githubSignature(secret, body), ...headers });
  }

  /** The delivery as the CLI shows it. */
  async delivery(id: string): Promise<DeliverySummary | null> {
    const row = await findDelivery(this.db.fork(), id);

    return row === null ? null : summarizeDelivery(row);
  }

  /** One claim of the (stepped) delivery worker and the runs it started; answers how many ran. */
  runWorker(): Promise<number> {
    return this.receiver.deliveryWorker.runOnce();
  }

  /** Steps the worker until a claim finds nothing due; answers how many deliveries ran in all. */
  async drainWorker(): Promise<number> {
    let total = 0;
    for (let ran = await this.runWorker(); ran > 0; ran = await this.runWorker()) {
      total += ran;
    }

    return total;
  }

  /** Waits until the delivery reaches a final state and answers it. */
  settled(id: string, timeoutMs = 10_000): Promise<DeliverySummary> {
    return waitFor<DeliverySummary | undefined>(
      async () => {
        const delivery = await this.delivery(id);

        return delivery !== null && (delivery.status === 'delivered' || delivery.status === 'failed') ? delivery : undefined;
      },
      timeoutMs,
      `delivery ${id} to settle`,
    ) as Promise<DeliverySummary>;
  }

  async close(): Promise<void> {
    await this.receiver.close();
    await this.db.close();
    await this.testDb.dispose();
    rmSync(this.home, { recursive: true, force: true });
  }
}
