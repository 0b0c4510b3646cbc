import type { Command } from 'commander';
import { createLogger } from '../logger.ts';
import { CliError, type CliContext } from './cli-context.ts';
import { openDatabaseQuietly } from './open-database-quietly.ts';
import { NOT_ENABLED_MESSAGE, requireEnabledPlatform } from './webhook-platform.ts';

/** Runs the receiver and its worker until SIGINT or SIGTERM, then drains and closes. */
const run = async (context: CliContext): Promise<void> => {
  requireEnabledPlatform(context);
  const logger = createLogger({ level: context.env.LOG_LEVEL, name: 'switchyard-gateway' });
  // Loaded on demand: the ORM takes a second to import, which every other command would pay.
  const { startWebhookReceiver } = await import('../webhooks/start-webhook-receiver.ts');
  const db = await openDatabaseQuietly(context.env);
  let receiver;
  try {
    receiver = await startWebhookReceiver({ env: context.env, db, logger });
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
  const started = receiver;
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'webhook receiver stopping');
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await started.close();
  await db.close();
};

export const registerGatewayRun = (group: Command, context: CliContext): void => {
  group
    .command('run')
    .description('run the webhook receiver and its delivery worker in the foreground')
    .action(() => run(context));
};
