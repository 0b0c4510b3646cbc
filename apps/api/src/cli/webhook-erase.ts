import type { Command } from 'commander';
import { CliError, type CliContext } from './cli-context.ts';
import { withExamples } from './help-examples.ts';
import { webhookOperation } from './webhook-database.ts';

type EraseOptions = { match: string; json?: boolean };

const erase = async (context: CliContext, name: string, options: EraseOptions): Promise<void> => {
  const match = /^([^=]+)=(.*)$/s.exec(options.match);
  const path = match?.[1]?.trim().replace(/^payload\./, '') ?? '';
  if (match === null || path === '') {
    throw new CliError('--match must be path=value, e.g. --match sender.login=octocat');
  }
  const value = match[2] ?? '';
  const result = await webhookOperation(context, 'erase', { route: name, path, value });
  // The count is the command's log line: what was erased, never what it held.
  if (options.json === true) {
    context.out(JSON.stringify(result));

    return;
  }
  context.out(`Erased the stored payloads of ${result.erased} deliveries of "${name}" matching ${path}=${value}.`);
  if (result.cancelled > 0) {
    context.out(`${result.cancelled} of them were still queued and are now failed ("payload erased before delivery").`);
  }
  if (result.running > 0) {
    context.out(`${result.running} matching deliveries are running now and were left alone; run the command again when they finish.`);
  }
};

export const registerWebhookErase = (group: Command, context: CliContext): void => {
  const command = group
    .command('erase')
    .description("erase now the stored payloads (and prompts and agent replies) of a route's matching events; outcomes stay")
    .argument('<name>', 'route name')
    .requiredOption('--match <path=value>', 'payload field (dot notation) and the value it must equal')
    .option('--json', 'print {erased, cancelled, running} as JSON')
    .action((name: string, options: EraseOptions) => erase(context, name, options));
  withExamples(command, ['switchyard webhook erase github-issues --match sender.login=octocat']);
};
