import type { Database } from '@switchyard/db/orm';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { announceGateway, startGatewayCore, type WebhookReceiver } from './gateway-core.ts';
import { inMemoryRouteRateLimit } from './delivery/route-rate-limit.ts';
import { databaseRateCount, localSharedRateLimit } from './receiver-cluster/shared-rate-limit.ts';
import { startReceiverHttp } from './receiver/start-receiver-http.ts';
import type { WebhookServiceEnv } from './webhook-env.ts';
import type { Readiness } from '../ops/readiness.ts';
import type { Metrics } from '../ops/metrics/metrics.ts';

export type StartWebhookReceiverOptions = {
  env: WebhookServiceEnv;
  db: Database;
  logger: Logger;
  /** The delivery worker runs only when stepped (receiver.deliveryWorker.runOnce), for tests. */
  steppedWorker?: boolean;
  /** Who runs it, written to the runtime file: `gateway run` refuses to start beside the service. */
  by?: 'service' | 'gateway';
  readiness?: Readiness;
  metrics?: Metrics | undefined;
  /** Every read of the time in the receiver and its worker; the system clock when absent. */
  clock?: Clock;
};

/**
 * Starts the webhook receiver (HTTP) and its delivery worker in this process when the webhook
 * platform is enabled (config.yaml or WEBHOOK_ENABLED); answers null when it is not.
 */
export const startWebhookReceiver = async (options: StartWebhookReceiverOptions): Promise<WebhookReceiver | null> => {
  const core = startGatewayCore(options);
  if (core === null) {
    return null;
  }
  const { deliveryWorker } = core;
  let http;
  try {
    http = await startReceiverHttp({
      ...core,
      env: options.env,
      db: options.db,
      // On PostgreSQL every gateway of the database counts against one limit per route.
      rateLimit:
        options.db.kind === 'postgresql'
          ? localSharedRateLimit(databaseRateCount(options.db), core.clock, core.logger)
          : inMemoryRouteRateLimit(core.clock),
      nudgeWorker: () => deliveryWorker.nudge(),
      ...(options.readiness ? { readiness: options.readiness } : {}),
      metrics: options.metrics,
    });
  } catch (error) {
    await core.stop(0);
    throw error;
  }

  return announceGateway(core, http.port, http.close, { routes: http.routeCount }, options.by);
};
