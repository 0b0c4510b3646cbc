import { openDatabase } from '@switchyard/db/orm';
import { systemClock } from '../../clock.ts';
import type { Logger } from '../../logger.ts';
import { createMessageDelivery } from '../delivery/deliver-message.ts';
import { loadGatewaySettings } from '../gateway/gateway-config.ts';
import { startReceiverHttp, type ReceiverHttp } from '../receiver/start-receiver-http.ts';
import { switchyardHome } from '../gateway/switchyard-home.ts';
import type { WebhookServiceEnv } from '../webhook-env.ts';
import { isPrimaryMessage, type PrimaryMessage, type WorkerMessage } from './ipc-messages.ts';
import { createSharedRateLimit } from './shared-rate-limit.ts';

const send = (message: WorkerMessage): boolean => {
  if (!process.connected || process.send === undefined) {
    return false;
  }
  process.send(message);

  return true;
};

const nextStart = (): Promise<Extract<PrimaryMessage, { kind: 'start' }>> =>
  new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (isPrimaryMessage(message) && message.kind === 'start') {
        process.off('message', onMessage);
        resolve(message);
      }
    };
    process.on('message', onMessage);
    send({ kind: 'ready' });
  });

/**
 * One HTTP process of a gateway started with several (a cluster worker): it verifies, filters
 * and stores events like a single receiver, and leaves the delivery worker, the rate-limit count
 * and the runtime file to the primary. Resolves when the primary has stopped it.
 */
export const runReceiverWorker = async (env: WebhookServiceEnv, baseLogger: Logger): Promise<void> => {
  const logger = baseLogger.child({ service: 'webhooks', receiver_process: process.pid });
  // Ctrl-C reaches every process of the terminal's group; the primary decides how to stop.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => undefined);
  const { adminToken } = await nextStart();
  const home = switchyardHome(env.SWITCHYARD_HOME);
  const settings = loadGatewaySettings(home.configFile, env);
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: 4,
    acquireTimeoutMs: env.DATABASE_POOL_WAIT_MS,
  });
  const shared = createSharedRateLimit(send);
  let nudgeScheduled = false;
  // One message per turn, however many events the turn queued.
  const nudgeWorker = () => {
    if (!nudgeScheduled) {
      nudgeScheduled = true;
      setImmediate(() => {
        nudgeScheduled = false;
        send({ kind: 'nudge' });
      });
    }
  };
  let http: ReceiverHttp;
  try {
    http = await startReceiverHttp({
      env,
      db,
      logger,
      home,
      settings,
      adminToken,
      deliver: createMessageDelivery({ env, logger, clock: systemClock }),
      rateLimit: shared.rateLimit,
      nudgeWorker,
      clock: systemClock,
    });
  } catch (error) {
    send({ kind: 'failed', code: (error as NodeJS.ErrnoException).code ?? null, message: (error as Error).message });
    await db.close();

    return;
  }
  const running = http;
  await new Promise<void>((resolve) => {
    process.on('message', (message: unknown) => {
      if (!isPrimaryMessage(message)) {
        return;
      }
      if (message.kind === 'rate-granted') {
        shared.receive(message);
      } else if (message.kind === 'stop') {
        resolve();
      }
    });
    process.once('disconnect', () => {
      shared.abandon();
      resolve();
    });
    send({ kind: 'listening', port: running.port, routes: running.routeCount });
  });
  await running.close();
  await db.close();
};
