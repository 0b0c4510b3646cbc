import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EmbeddedDatabaseInUse, openDatabase, type Database } from '@switchyard/db/orm';
import { EnvError, parseEnv } from './env.ts';
import { createLogger } from './logger.ts';
import { startClaimsService } from './claims/service.ts';
import { startPeriodicSweeps } from './sweeps.ts';
import { startupBlock } from './startup-block.ts';
import { createReadiness } from './ops/readiness.ts';
import { createMetrics } from './ops/metrics/metrics.ts';
import { startOpsListener } from './ops/metrics/ops-listener.ts';
import { checkBeforeListening } from './startup-checks.ts';
import { startWebhookReceiver } from './webhooks/start-webhook-receiver.ts';
import { startTransportService } from './transport/service.ts';

/** Parses the environment, or says on stderr what is wrong, one line per problem, and exits. */
const parseEnvOrExit = (source: Record<string, string | undefined>) => {
  try {
    return parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
};

const main = async () => {
  const source = {
    ...process.env,
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
  };
  let env = parseEnvOrExit(source);
  // Before the database opens (the embedded one listens too) and before any service listens.
  const checked = await checkBeforeListening(env);
  if (checked.problems.length > 0) {
    process.stderr.write(`${new EnvError(checked.problems).message}\n`);
    process.exit(1);
  }
  if (env.CLAIMS_PORT === 0 || env.TRANSPORT_PORT === 0) {
    env = parseEnvOrExit({ ...source, CLAIMS_PORT: String(checked.ports.claims), TRANSPORT_PORT: String(checked.ports.transport) });
  }
  const logger = createLogger({ level: env.LOG_LEVEL });
  if (env.WEB_DIST_DIR && !existsSync(env.WEB_DIST_DIR)) {
    logger.warn({ dir: env.WEB_DIST_DIR }, 'the web app is not built; run npm run build to serve it');
  }
  let db: Database;
  try {
    db = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      acquireTimeoutMs: env.DATABASE_POOL_WAIT_MS,
      role: 'service',
      logger: (line) => logger.info(line.replace(/\u001b\[\d+m/g, '')),
    });
  } catch (error) {
    // A second service on the same embedded database stops before it binds a port or writes a row.
    if (error instanceof EmbeddedDatabaseInUse) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  logger.info(
    { database: db.kind, ...(db.embedded ? { socket: { host: db.embedded.host, port: db.embedded.port } } : {}) },
    'database ready',
  );

  // One readiness for the process: draining takes every port out of the load balancer at once.
  const readiness = createReadiness(db);
  const metrics = env.METRICS_PORT === undefined ? undefined : createMetrics({ db });
  const claims = await startClaimsService({ env, db, logger, readiness, metrics });
  const transport = await startTransportService({ env, db, logger, readiness, metrics });
  // The receiver starts with the others only when the webhook platform is enabled.
  const webhooks = await startWebhookReceiver({ env, db, logger, by: 'service', readiness, metrics });
  if (!webhooks) {
    logger.info('webhook receiver not enabled (set WEBHOOK_ENABLED=true or run npx switchyard gateway setup)');
  }
  const sweeps = startPeriodicSweeps({ db, logger });
  const ops =
    metrics && env.METRICS_PORT !== undefined
      ? await startOpsListener({ host: env.METRICS_HOST, port: env.METRICS_PORT, metrics, logger })
      : null;
  // Plain text after the log lines, for a person at the terminal: what to open, the key, the mail.
  process.stdout.write(startupBlock(env, { webhooks: webhooks?.url ?? null }, claims.service.services.staffKey));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      return;
    }
    stopping = true;
    // Not ready first, so a load balancer stops sending; what is under way may finish.
    readiness.startDraining();
    logger.info({ signal, graceMs: env.SHUTDOWN_GRACE_MS }, 'shutting down: draining');
    sweeps.stop();
    const deadline = Date.now() + env.SHUTDOWN_GRACE_MS;
    const left = () => Math.max(0, deadline - Date.now());
    // Every port keeps listening (readyz answers 503) until the requests in flight in the claims and
    // transport services are done; then the servers close, the receiver's in-flight requests
    // finish and its running deliveries get what is left of the grace.
    await readiness.settled(left());
    await Promise.all([claims.close(left()), transport.close(left())]);
    await webhooks?.close(left());
    await ops?.close();
    await db.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
};

await main();
