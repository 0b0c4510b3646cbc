import cluster, { type Worker } from 'node:cluster';
import type { Database } from '@switchyard/db/orm';
import type { Logger } from '../../logger.ts';
import { announceGateway, startGatewayCore, type WebhookReceiver } from '../gateway-core.ts';
import type { WebhookServiceEnv } from '../webhook-env.ts';
import { isWorkerMessage, type PrimaryMessage, type WorkerMessage } from './ipc-messages.ts';
import { answerRateMessage, databaseRateCount } from './shared-rate-limit.ts';

/** A listen failure in an HTTP process, with the code the CLI turns into its one-line refusal. */
export class ReceiverStartError extends Error {
  override name = 'ReceiverStartError';

  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

const STOP_GRACE_MS = 10_000;
const RESTART_DELAY_MS = 1_000;

export type StartReceiverClusterOptions = { env: WebhookServiceEnv; db: Database; logger: Logger; processes: number };

/**
 * `gateway run` with several HTTP processes (PostgreSQL only): the primary forks them, takes the
 * rate-limit allowance they ask for from the database's count, runs the delivery worker (woken by their
 * messages), writes the runtime file and replaces an HTTP process that dies. The processes share
 * the listening socket, so connections are spread over them.
 */
export const startReceiverCluster = async (options: StartReceiverClusterOptions): Promise<WebhookReceiver | null> => {
  const core = startGatewayCore(options);
  if (core === null) {
    return null;
  }
  const { logger, deliveryWorker, adminToken } = core;
  // Several processes run on PostgreSQL only, so the count is the database's, shared with every gateway.
  const rateCount = databaseRateCount(options.db);
  const workers = new Set<Worker>();
  let stopping = false;

  const tell = (worker: Worker, message: PrimaryMessage) => {
    if (worker.isConnected()) {
      worker.send(message);
    }
  };

  /** Forks one HTTP process; resolves with its port once it listens, rejects if it cannot. */
  const fork = (): Promise<number> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      workers.add(worker);
      let listening = false;
      worker.on('message', (message: unknown) => {
        if (!isWorkerMessage(message)) {
          return;
        }
        const typed: WorkerMessage = message;
        if (typed.kind === 'rate-take' || typed.kind === 'rate-return') {
          void answerRateMessage(rateCount, typed, options.processes, core.clock.now(), logger).then((answer) => {
            if (answer !== null) {
              tell(worker, answer);
            }
          });
        } else if (typed.kind === 'nudge') {
          deliveryWorker.nudge();
        } else if (typed.kind === 'ready') {
          tell(worker, { kind: 'start', adminToken });
        } else if (typed.kind === 'listening') {
          listening = true;
          resolve(typed.port);
        } else {
          reject(new ReceiverStartError(typed.message, typed.code));
        }
      });
      worker.on('exit', (code, signal) => {
        workers.delete(worker);
        if (!listening) {
          reject(new ReceiverStartError(`a receiver process exited while starting (${signal ?? code})`, null));

          return;
        }
        if (!stopping) {
          logger.error({ pid: worker.process.pid, code, signal }, 'webhook receiver process died; starting another');
          setTimeout(() => {
            if (!stopping) {
              fork().catch((error: unknown) => logger.error({ err: (error as Error).message }, 'webhook receiver process did not restart'));
            }
          }, RESTART_DELAY_MS).unref();
        }
      });
    });

  const stopWorkers = async () => {
    stopping = true;
    const exits = [...workers].map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) {
            resolve();

            return;
          }
          const timer = setTimeout(() => worker.kill('SIGKILL'), STOP_GRACE_MS);
          worker.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          tell(worker, { kind: 'stop' });
        }),
    );
    await Promise.all(exits);
  };

  let port: number;
  try {
    const ports = await Promise.all(Array.from({ length: options.processes }, () => fork()));
    port = ports[0] ?? 0;
  } catch (error) {
    await stopWorkers();
    await core.stop(0);
    throw error;
  }

  return announceGateway(core, port, stopWorkers, { processes: options.processes });
};
