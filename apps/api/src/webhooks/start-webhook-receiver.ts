import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Database } from '@switchyard/db/orm';
import { SlidingWindowRateLimit } from '@switchyard/domain/webhooks/rate-limit-window';
import type { Logger } from '../logger.ts';
import { createAgentRunner } from './agent-runner.ts';
import { createMessageDelivery } from './delivery/deliver-message.ts';
import { createEnqueueBatcher } from './enqueue-batcher.ts';
import { startDeliveryWorker } from './delivery-worker.ts';
import { loadGatewaySettings } from './gateway-config.ts';
import { removeGatewayRuntime, writeGatewayRuntime } from './gateway-runtime-file.ts';
import { createListFileReader } from './list-file-reader.ts';
import { createReceiverServer } from './receiver-server.ts';
import { RouteTable } from './route-table.ts';
import { switchyardHome } from './switchyard-home.ts';
import type { WebhookServiceEnv } from './webhook-env.ts';

export type WebhookReceiver = {
  /** Base URL the receiver listens on, e.g. http://127.0.0.1:8644 (webhooks under /webhooks/{name}). */
  url: string;
  close(): Promise<void>;
};

export type StartWebhookReceiverOptions = {
  env: WebhookServiceEnv;
  db: Database;
  logger: Logger;
};

const urlHost = (host: string): string => {
  if (host === '0.0.0.0' || host === '::' || host === '') {
    return '127.0.0.1';
  }

  return host.includes(':') ? `[${host}]` : host;
};

/**
 * Starts the webhook receiver (HTTP) and its delivery worker when the webhook platform is enabled
 * (config.yaml or WEBHOOK_ENABLED); answers null when it is not.
 */
export const startWebhookReceiver = async (options: StartWebhookReceiverOptions): Promise<WebhookReceiver | null> => {
  const { env, db } = options;
  const logger = options.logger.child({ service: 'webhooks' });
  const home = switchyardHome(env.SWITCHYARD_HOME);
  const settings = loadGatewaySettings(home.configFile, env);
  if (!settings.enabled) {
    return null;
  }
  const deliver = createMessageDelivery({ env, logger });
  const worker = startDeliveryWorker({
    db,
    env,
    logger,
    skillsDir: home.skillsDir,
    runAgent: createAgentRunner(env),
    deliver,
  });
  const adminToken = randomBytes(32).toString('base64url');
  const routes = new RouteTable(home, settings.secret, logger);
  routes.all();
  const server = createReceiverServer(
    {
      routes,
      settings,
      limiter: new SlidingWindowRateLimit(),
      db,
      env,
      logger,
      scriptsDir: home.scriptsDir,
      loadList: createListFileReader(home.root),
      deliver,
      enqueue: createEnqueueBatcher(db),
      nudgeWorker: () => worker.nudge(),
      inlineWorkerId: `inline-${process.pid}-${randomBytes(4).toString('hex')}`,
    },
    adminToken,
  );
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, settings.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await worker.stop(0);
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${urlHost(settings.host)}:${port}`;
  writeGatewayRuntime(home.runtimeFile, { pid: process.pid, url, token: adminToken });
  logger.info({ url, routes: routes.all().length }, 'webhook receiver listening');

  let closing: Promise<void> | null = null;

  return {
    url,
    close: () => {
      closing ??= (async () => {
        removeGatewayRuntime(home.runtimeFile, adminToken);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await worker.stop();
      })();

      return closing;
    },
  };
};
