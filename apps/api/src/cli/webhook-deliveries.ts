import type { Command } from 'commander';
import { alignColumns, formatAgo, parseSince, SINCE_HINT } from '@switchyard/domain/webhooks/relative-time';
import { CliError, type CliContext } from './cli-context.ts';
import { withExamples } from './help-examples.ts';
import { webhookOperation } from './webhook-database.ts';
import { registerWebhookDeliveryShow } from './webhook-delivery-show.ts';

type DeliveriesOptions = { limit: string; json?: boolean; status?: string; since?: string };

const STATUSES = ['queued', 'running', 'delivered', 'failed'] as const;
type Status = (typeof STATUSES)[number];
const isStatus = (value: string): value is Status => (STATUSES as readonly string[]).includes(value);

const ERROR_WIDTH = 60;

export const parseSinceOption = (text: string | undefined): Date | undefined => {
  if (text === undefined) {
    return undefined;
  }
  const since = parseSince(text, new Date());
  if (since === null) {
    throw new CliError(`--since "${text}" is not ${SINCE_HINT}`);
  }

  return since;
};

const showDeliveries = async (context: CliContext, name: string | undefined, options: DeliveriesOptions) => {
  const limit = Number(options.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
    throw new CliError('--limit must be a whole number from 1 to 500');
  }
  if (options.status !== undefined && !isStatus(options.status)) {
    throw new CliError(`--status must be one of ${STATUSES.join(', ')}`);
  }
  const since = parseSinceOption(options.since);
  const deliveries = await webhookOperation(context, 'deliveries', {
    route: name,
    status: options.status,
    since: since?.toISOString() ?? null,
    limit,
  });
  if (options.json === true) {
    context.out(JSON.stringify({ deliveries }));

    return;
  }
  if (deliveries.length === 0) {
    context.out(name === undefined ? 'No deliveries found.' : `No deliveries for "${name}" found.`);

    return;
  }
  const now = new Date();
  const rows = deliveries.map((delivery) => {
    const error = delivery.lastError ?? '';
    return [
      delivery.id,
      delivery.route,
      delivery.eventType,
      delivery.target,
      delivery.heldBy === null ? delivery.status : `queued (held: paused by ${delivery.heldBy})`,
      `${delivery.attempts}/${delivery.maxAttempts}`,
      formatAgo(new Date(delivery.createdAt), now),
      error.length > ERROR_WIDTH ? `${error.slice(0, ERROR_WIDTH - 1)}…` : error,
    ];
  });
  alignColumns([['ID', 'ROUTE', 'EVENT', 'TARGET', 'STATUS', 'ATTEMPTS', 'ACCEPTED', 'ERROR'], ...rows]).forEach((line) =>
    context.out(line),
  );
};

export const registerWebhookDeliveries = (group: Command, context: CliContext): void => {
  const command = group
    .command('deliveries')
    .description('show recent deliveries and their outcome, newest first')
    .argument('[name]', 'only this route')
    .option('--status <status>', 'only deliveries in this state: failed, delivered, queued or running')
    .option('--since <when>', 'only deliveries accepted since then: 30m, 2h, 7d, or a date')
    .option('--limit <n>', 'how many', '20')
    .option('--json', 'print the deliveries as JSON')
    .action((name: string | undefined, options: DeliveriesOptions) => showDeliveries(context, name, options));
  withExamples(command, [
    'switchyard webhook deliveries',
    'switchyard webhook deliveries github-issues --status failed --since 2h',
    'switchyard webhook deliveries --json --limit 100',
    'switchyard webhook deliveries show <id>',
  ]);
  registerWebhookDeliveryShow(command, context, (route, options: DeliveriesOptions) => showDeliveries(context, route, options));
};
