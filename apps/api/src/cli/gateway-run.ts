import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { receiverProcessCount } from '@switchyard/domain/webhooks/receiver-processes';
import { createLogger } from '../logger.ts';
import { CliError, type CliContext } from './cli-context.ts';
import { readGatewayRuntime } from '../webhooks/gateway/gateway-runtime-file.ts';
import { openDatabaseQuietly } from './open-database-quietly.ts';
import { NOT_ENABLED_MESSAGE, requireEnabledPlatform } from './webhook-platform.ts';

const untilSignal = (onSignal: (signal: NodeJS.Signals) => void): Promise<void> =>
  new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      onSignal(signal);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });

/**
 * Runs the receiver and its worker until SIGINT or SIGTERM, then drains and closes. With several
 * receiver processes this process is their primary, and the same command runs in each of them.
 */
const run = async (context: CliContext): Promise<void> => {
  const { home } = requireEnabledPlatform(context);
  // The service (`npm start`) already serves this SWITCHYARD_HOME's receiver: a second one would
  // listen elsewhere and split the senders, so say where the first one is instead. Several
  // `gateway run` processes on one PostgreSQL database are a supported setup and start as before.
  const running = cluster.isWorker ? null : readGatewayRuntime(home.runtimeFile);
  if (running !== null && running.by === 'service' && running.pid !== process.pid) {
    throw new CliError(
      `the webhook receiver already runs at ${running.url} (process ${running.pid}, e.g. npm start); stop it before "switchyard gateway run"`,
    );
  }
  const logger = createLogger({ level: context.env.LOG_LEVEL, name: 'switchyard-gateway' });
  if (cluster.isWorker) {
    const { runReceiverWorker } = await import('../webhooks/receiver-cluster/receiver-worker.ts');
    await runReceiverWorker(context.env, logger);

    return;
  }
  const processes = receiverProcessCount({
    configured: context.env.WEBHOOK_RECEIVER_PROCESSES,
    serverDatabase: context.env.DATABASE_URL !== undefined,
    cpuCount: availableParallelism(),
  });
  if (!processes.ok) {
    throw new CliError(processes.problem);
  }
  // Loaded on demand: the ORM takes a second to import, which every other command would pay.
  const db = await openDatabaseQuietly(context.env, 'gateway');
  let receiver;
  try {
    if (processes.count > 1) {
      const { startReceiverCluster } = await import('../webhooks/receiver-cluster/receiver-primary.ts');
      receiver = await startReceiverCluster({ env: context.env, db, logger, processes: processes.count });
    } else {
      const { startWebhookReceiver } = await import('../webhooks/start-webhook-receiver.ts');
      receiver = await startWebhookReceiver({ env: context.env, db, logger });
    }
  } catch (error) {
    await db.close();
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(
      code === 'EADDRINUSE' ? 'the webhook port is already in use' : `the receiver did not start: ${(error as Error).message}`,
    );
  }
  if (receiver === null) {
    await db.close();
    throw new CliError(NOT_ENABLED_MESSAGE);
  }
  await untilSignal((signal) => logger.info({ signal }, 'webhook receiver stopping'));
  await receiver.close();
  await db.close();
};

export const registerGatewayRun = (group: Command, context: CliContext): void => {
  group
    .command('run')
    .description('run the webhook receiver and its delivery worker in the foreground')
    .action(() => run(context));
};
