import type { Command } from 'commander';
import { alignColumns } from '@switchyard/domain/webhooks/relative-time';
import type { DeliveryDetail } from '../webhooks/delivery/delivery-presenter.ts';
import { CliError, type CliContext } from './cli-context.ts';
import { withExamples } from './help-examples.ts';
import { webhookDatabaseExists, webhookOperation } from './webhook-database.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ERASED = 'erased';

/** A block of text under its heading, indented, or one word in its place. */
const section = (title: string, body: string): string[] => ['', `${title}:`, ...body.split('\n').map((line) => `  ${line}`)];

const describeStatus = (delivery: DeliveryDetail): string => {
  const held = delivery.heldBy === null ? '' : ` (held: paused by ${delivery.heldBy})`;

  return `${delivery.status}${held}, ${delivery.attempts} of ${delivery.maxAttempts} attempts`;
};

const describeTarget = (delivery: DeliveryDetail): string =>
  delivery.chatId === null ? delivery.target : `${delivery.target} (chat ${delivery.chatId})`;

export const renderDeliveryDetail = (delivery: DeliveryDetail): string[] => {
  const facts: string[][] = [
    ['ID', delivery.id],
    ['Route', `${delivery.route} (${delivery.mode === 'agent' ? 'agent run' : 'direct delivery'})`],
    ['Event', delivery.source === null ? delivery.eventType : `${delivery.eventType} (${delivery.source})`],
    ['Target', describeTarget(delivery)],
    ['Status', describeStatus(delivery)],
    ['Accepted', delivery.createdAt],
    ['Finished', delivery.finishedAt ?? '-'],
  ];
  if (delivery.lastError !== null) {
    facts.push(['Error', delivery.lastError]);
  }
  if (delivery.resultRef !== null) {
    facts.push(['Receipt', delivery.resultRef]);
  }
  if (delivery.replayOf !== null) {
    facts.push(['Replay of', delivery.replayOf]);
  }
  if (delivery.erasedAt !== null) {
    facts.push(['Erased', delivery.erasedAt]);
  }
  const lines = alignColumns(facts.map(([label, value]) => [`${label ?? ''}:`, value ?? '']));

  const headers = delivery.erased
    ? ERASED
    : delivery.headers === null
      ? 'not kept (accepted before headers were stored)'
      : Object.keys(delivery.headers).length === 0
        ? '(none)'
        : Object.entries(delivery.headers)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([name, value]) => `${name}: ${value}`)
            .join('\n');
  lines.push(...section('Headers', headers));
  lines.push(...section('Payload', delivery.erased ? ERASED : JSON.stringify(delivery.payload, null, 2)));
  const promptTitle = delivery.mode === 'agent' ? 'Prompt' : 'Message';
  lines.push(
    ...section(promptTitle, delivery.erased ? ERASED : delivery.prompt === '' || delivery.prompt === null ? '(empty)' : delivery.prompt),
  );
  if (delivery.mode === 'agent') {
    lines.push(...section('Reply', delivery.erased ? ERASED : (delivery.reply ?? '(none yet)')));
  }
  const attempts =
    delivery.attemptLog.length === 0
      ? '(none recorded)'
      : alignColumns([
          ['#', 'STARTED', 'TARGET', 'STATUS', 'DURATION', 'ERROR'],
          ...delivery.attemptLog.map((attempt, index) => [
            String(index + 1),
            attempt.startedAt,
            attempt.target,
            attempt.status,
            `${attempt.durationMs} ms`,
            attempt.error ?? '',
          ]),
        ]).join('\n');
  lines.push(...section('Attempts', attempts));

  return lines;
};

const showDelivery = async (context: CliContext, id: string, json: boolean): Promise<void> => {
  if (!UUID.test(id)) {
    throw new CliError(`"${id}" is not a delivery id (see switchyard webhook deliveries)`);
  }
  const delivery = webhookDatabaseExists(context) ? await webhookOperation(context, 'deliveryDetail', { id }) : null;
  if (delivery === null) {
    throw new CliError(`no delivery ${id} (see switchyard webhook deliveries)`);
  }
  if (json) {
    context.out(JSON.stringify({ delivery }));

    return;
  }
  renderDeliveryDetail(delivery).forEach((line) => context.out(line));
};

/**
 * `webhook deliveries show ID`, under the list command. Without an id it lists the deliveries of a
 * route named "show" (`listRoute`), which the subcommand's name would otherwise hide.
 */
export const registerWebhookDeliveryShow = <O extends { json?: boolean }>(
  deliveries: Command,
  context: CliContext,
  listRoute: (name: string, options: O) => Promise<void>,
): void => {
  const command = deliveries
    .command('show')
    .description('show one delivery in full: headers (signatures masked), payload, prompt, attempts and reply')
    .argument('[id]', 'the delivery id (from webhook deliveries)')
    .option('--json', 'print the delivery as JSON')
    // The list command's options are read wherever they stand (--json after the id included).
    .action((id: string | undefined, _options: unknown, self: Command) => {
      const options = self.optsWithGlobals<O>();

      return id === undefined ? listRoute('show', options) : showDelivery(context, id, options.json === true);
    });
  withExamples(command, ['switchyard webhook deliveries show 3f0c…', 'switchyard webhook deliveries show 3f0c… --json']);
};
