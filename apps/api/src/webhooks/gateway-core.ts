import { randomBytes } from 'node:crypto';
import type { Database } from '@switchyard/db/orm';
import { DEFAULT_RETENTION_SETTINGS } from '@switchyard/domain/retention/retention-rules';
import { systemClock, type Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { createAgentRunner } from './delivery/agent-runner.ts';
import { createMessageDelivery, type DeliverMessage } from './delivery/deliver-message.ts';
import { startRetentionSweep, type RetentionSweep } from '../retention/retention-sweep.ts';
import { webhookRetentionSteps, WEBHOOKS_RETENTION_LOCK_KEY } from '../retention/service-retention.ts';
import { startDeliveryWorker, type DeliveryWorker } from './delivery/delivery-worker.ts';
import { loadGatewaySettings, type GatewaySettings } from './gateway/gateway-config.ts';
import { removeGatewayRuntime, writeGatewayRuntime } from './gateway/gateway-runtime-file.ts';
import { RouteTable } from './routes/route-table.ts';
import { startSubscriptionSync, type SubscriptionSync } from './gateway/shared-subscriptions.ts';
import { switchyardHome, type SwitchyardHome } from './gateway/switchyard-home.ts';
import type { WebhookServiceEnv } from './webhook-env.ts';
import type { Metrics } from '../ops/metrics/metrics.ts';

export type WebhookReceiver = {
  /** Base URL the receiver listens on, e.g. http://127.0.0.1:8644 (webhooks under /webhooks/{name}). */
  url: string;
  /** The delivery worker of this gateway (tests step it with runOnce when started stepped). */
  deliveryWorker: DeliveryWorker;
  /** Stops the HTTP side (in-flight requests finish), then gives running deliveries `graceMs` to end. */
  close(graceMs?: number): Promise<void>;
};

export type GatewayCore = {
  logger: Logger;
  home: SwitchyardHome;
  settings: GatewaySettings;
  deliver: DeliverMessage;
  deliveryWorker: DeliveryWorker;
  /** The routes as their files say now; the worker reads each delivery's route here when it runs. */
  routes: RouteTable;
  /** Bearer token of the receiver's `GET /deliveries`, written to the runtime file for the CLI. */
  adminToken: string;
  clock: Clock;
  /** On PostgreSQL: keeps the subscriptions file up to the subscriptions the CLI made on any machine. */
  subscriptionSync: SubscriptionSync | null;
  /** Deletes finished delivery rows past WEBHOOK_DELIVERY_HISTORY_DAYS, daily; stepped (runOnce) with a stepped worker. */
  historySweep: RetentionSweep;
  /** Stops what the core runs: the subscription sync, the history sweep, then the delivery worker. */
  stop(graceMs?: number): Promise<void>;
};

/**
 * What a gateway runs once whatever the number of HTTP processes: its settings, the delivery
 * worker and the token of its private endpoint. Null when the webhook platform is not enabled.
 */
export const startGatewayCore = (options: {
  env: WebhookServiceEnv;
  db: Database;
  logger: Logger;
  /** The delivery worker runs only when stepped (runOnce), for tests. */
  steppedWorker?: boolean;
  metrics?: Metrics | undefined;
  /** Every read of the time in the gateway; the system clock unless a test gives its own. */
  clock?: Clock;
}): GatewayCore | null => {
  const { env, db } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger.child({ service: 'webhooks' });
  const home = switchyardHome(env.SWITCHYARD_HOME);
  const settings = loadGatewaySettings(home.configFile, env);
  if (!settings.enabled) {
    return null;
  }
  const deliver = createMessageDelivery({ env, logger, clock });
  const routes = new RouteTable(home, env, logger, settings);
  const deliveryWorker = startDeliveryWorker({
    db,
    env,
    logger,
    skillsDir: home.skillsDir,
    runAgent: createAgentRunner(env, clock),
    deliver,
    routes,
    stepped: options.steppedWorker === true,
    metrics: options.metrics,
    clock,
  });

  // Finished delivery rows past their history period, daily, in batches (retention-sweep.ts).
  const historySweep = startRetentionSweep({
    name: 'webhooks',
    lockKey: WEBHOOKS_RETENTION_LOCK_KEY,
    db,
    settings: {
      ...DEFAULT_RETENTION_SETTINGS,
      webhookDeliveryHistoryDays: env.WEBHOOK_DELIVERY_HISTORY_DAYS ?? DEFAULT_RETENTION_SETTINGS.webhookDeliveryHistoryDays,
    },
    steps: webhookRetentionSteps(db),
    clock,
    logger,
    stepped: options.steppedWorker === true,
  });
  const subscriptionSync = db.kind === 'postgresql' ? startSubscriptionSync({ db, path: home.subscriptionsFile, logger }) : null;

  return {
    logger,
    home,
    settings,
    deliver,
    deliveryWorker,
    routes,
    adminToken: randomBytes(32).toString('base64url'),
    clock,
    subscriptionSync,
    historySweep,
    stop: async (graceMs?: number) => {
      await subscriptionSync?.stop();
      await historySweep.stop();
      await deliveryWorker.stop(graceMs);
    },
  };
};

/** The URL the CLI is given: a wildcard listen address is reached on loopback. */
const receiverUrl = (host: string, port: number): string => {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

  return `http://${shown}:${port}`;
};

/**
 * Announces a gateway whose HTTP side listens on `port`: the runtime file tells the CLI where it
 * is, and closing stops the HTTP side (in-flight requests finish) before the delivery worker.
 */
export const announceGateway = (
  core: GatewayCore,
  port: number,
  stopHttp: () => Promise<void>,
  details: Record<string, unknown>,
  by: 'service' | 'gateway' = 'gateway',
): WebhookReceiver => {
  const { home, adminToken, deliveryWorker } = core;
  const url = receiverUrl(core.settings.host, port);
  writeGatewayRuntime(home.runtimeFile, { pid: process.pid, url, token: adminToken, by });
  core.logger.info({ url, ...details }, 'webhook receiver listening');
  let closing: Promise<void> | null = null;

  return {
    url,
    deliveryWorker,
    close: (graceMs?: number) => {
      closing ??= (async () => {
        removeGatewayRuntime(home.runtimeFile, adminToken);
        await stopHttp();
        await core.stop(graceMs);
      })();

      return closing;
    },
  };
};
