import type { Command } from 'commander';
import type { DeliverySummary } from '@switchyard/db/webhooks/delivery-history';
import { CliError, type CliContext } from './cli-context.ts';
import { openDatabaseQuietly } from './open-database-quietly.ts';

type DeliveriesOptions = { limit: string; json?: boolean };

/** Read from the database; on the embedded one through the socket of its running owner, if any. */
const fetchDeliveries = async (context: CliContext, route: string | undefined, limit: number): Promise<DeliverySummary[]> => {
  const { listRecentDeliveries } = await import('@switchyard/db/webhooks/delivery-history');
  const db = await openDatabaseQuietly(context.env);
  try {
    return await listRecentDeliveries(db.fork(), { route, limit });
  } finally {
    await db.close();
  }
};

const showDeliveries = async (context: CliContext, name: string | undefined, options: DeliveriesOptions) => {
  const limit = Number(options.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
    throw new CliError('--limit must be a whole number from 1 to 500');
  }
  const deliveries = await fetchDeliveries(context, name, limit);
  if (options.json === true) {
    context.out(JSON.stringify({ deliveries }));

    return;
  }
  if (deliveries.length === 0) {
    context.out(name === undefined ? 'No deliveries yet.' : `No deliveries for "${name}" yet.`);

    return;
  }
  for (const delivery of deliveries) {
    const outcome = delivery.lastError === null ? '' : `  ${delivery.lastError}`;
    context.out(
      `${delivery.createdAt}  ${delivery.id}  ${delivery.route}  ${delivery.eventType}  ${delivery.target}  ` +
        `${delivery.status}  attempts ${delivery.attempts}/${delivery.maxAttempts}${outcome}`,
    );
  }
};

export const registerWebhookDeliveries = (group: Command, context: CliContext): void => {
  group
    .command('deliveries')
    .description('show recent deliveries and their outcome, newest first')
    .argument('[name]', 'only this route')
    .option('--limit <n>', 'how many', '20')
    .option('--json', 'print the deliveries as JSON')
    .action((name: string | undefined, options: DeliveriesOptions) => showDeliveries(context, name, options));
};
