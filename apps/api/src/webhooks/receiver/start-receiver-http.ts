import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '@switchyard/db/orm';
import { holdLeaseLock } from '@switchyard/db/webhooks/lease-lock';
import { systemClock, type Clock } from '../../clock.ts';
import type { Logger } from '../../logger.ts';
import type { DeliverMessage } from '../delivery/deliver-message.ts';
import { createEnqueueBatcher } from './enqueue-batcher.ts';
import type { GatewaySettings } from '../gateway/gateway-config.ts';
import { createListFileReader } from '../gateway/list-file-reader.ts';
import { createReceiverServer } from './receiver-server.ts';
import { createReadiness, type Readiness } from '../../ops/readiness.ts';
import type { Metrics } from '../../ops/metrics/metrics.ts';
import type { RouteRateLimit } from '../delivery/route-rate-limit.ts';
import { createPauseGate } from '../delivery/route-pause-gate.ts';
import { RouteTable } from '../routes/route-table.ts';
import type { SwitchyardHome } from '../gateway/switchyard-home.ts';
import type { WebhookServiceEnv } from '../webhook-env.ts';

export type ReceiverHttpOptions = {
  env: WebhookServiceEnv;
  db: Database;
  logger: Logger;
  home: SwitchyardHome;
  settings: GatewaySettings;
  deliver: DeliverMessage;
  rateLimit: RouteRateLimit;
  /** The route table to serve; absent, the HTTP side reads the files with its own. */
  routes?: RouteTable;
  /** Tells the delivery worker (in this process or another) that an event was queued. */
  nudgeWorker: () => void;
  /** Bearer token of `GET /deliveries`, the same in every process of one gateway. */
  adminToken: string;
  /** The process's readiness (`GET /readyz`); its own database check when not given. */
  readiness?: Readiness;
  metrics?: Metrics | undefined;
  /** The system clock when absent. */
  clock?: Clock;
};

export type ReceiverHttp = { server: Server; port: number; routeCount: number; close(): Promise<void> };

/** The receiver's HTTP side: routes, pipeline and server, listening on the configured address. */
export const startReceiverHttp = async (options: ReceiverHttpOptions): Promise<ReceiverHttp> => {
  const { env, db, logger, home, settings } = options;
  const routes = options.routes ?? new RouteTable(home, env, logger, settings);
  const clock = options.clock ?? systemClock;
  const leaseLock = await holdLeaseLock(db, (error) =>
    logger.warn({ err: error.message }, 'webhook lease lock connection lost; taking the lock again'),
  );
  const server = createReceiverServer(
    {
      routes,
      rateLimit: options.rateLimit,
      db,
      env,
      logger,
      scriptsDir: home.scriptsDir,
      loadList: createListFileReader(home.root),
      deliver: options.deliver,
      enqueue: createEnqueueBatcher(db),
      pauses: createPauseGate(db, env.WEBHOOK_PAUSE_CHECK_MS, logger, clock),
      nudgeWorker: options.nudgeWorker,
      inlineWorkerId: `inline-${process.pid}-${randomBytes(4).toString('hex')}`,
      inlineLockKey: () => leaseLock.key,
      clock,
    },
    options.adminToken,
    options.readiness ?? createReadiness(db),
    options.metrics,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => {
      void leaseLock.release();
      reject(error);
    });
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  let closing: Promise<void> | null = null;

  return {
    server,
    port: (server.address() as AddressInfo).port,
    routeCount: routes.all().length,
    close: () => {
      // In-flight requests finish (their events are committed and answered); idle keep-alive
      // connections are closed so that the server can stop.
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }).then(() => leaseLock.release());

      return closing;
    },
  };
};
