import type { Command } from 'commander';
import { CliError, type CliContext } from './cli-context.ts';
import { withExamples } from './help-examples.ts';
import { parseSinceOption } from './webhook-deliveries.ts';
import { webhookOperation } from './webhook-database.ts';

type ReplayOptions = { failed?: boolean; since?: string; json?: boolean; asAccepted?: boolean };

const replay = async (context: CliContext, target: string, options: ReplayOptions): Promise<void> => {
  const maxAttempts = context.env.WEBHOOK_MAX_ATTEMPTS;
  const asAccepted = options.asAccepted === true;
  if (options.failed !== true) {
    if (options.since !== undefined) {
      throw new CliError('--since goes with --failed: switchyard webhook replay <name> --failed --since 2h');
    }
    const outcome = await webhookOperation(context, 'replay', { id: target, maxAttempts, asAccepted });
    if (!outcome.ok) {
      throw new CliError(outcome.problem);
    }
    if (options.json === true) {
      context.out(JSON.stringify({ replayed: [outcome.replayed] }));

      return;
    }
    context.out(`Queued ${outcome.replayed.id} (replay of ${outcome.replayed.replayOf}).`);

    return;
  }
  const since = parseSinceOption(options.since);
  const replayed = await webhookOperation(context, 'replayFailed', {
    route: target,
    since: since?.toISOString() ?? null,
    maxAttempts,
    asAccepted,
  });
  if (options.json === true) {
    context.out(JSON.stringify({ replayed }));

    return;
  }
  if (replayed.length === 0) {
    context.out(`No failed deliveries of "${target}" to replay.`);

    return;
  }
  context.out(`Queued ${replayed.length} replay(s) of failed deliveries of "${target}":`);
  replayed.forEach((item) => context.out(`  ${item.id}  (replay of ${item.replayOf})`));
};

export const registerWebhookReplay = (group: Command, context: CliContext): void => {
  const command = group
    .command('replay')
    .description("queue a new delivery of stored events: one by delivery id, or a route's failed ones with --failed")
    .argument('<delivery-id|name>', 'a delivery id (from "webhook deliveries"), or a route name with --failed')
    .option('--failed', 'replay the failed deliveries of the route named (each once)')
    .option('--since <when>', 'with --failed: only deliveries accepted since then (30m, 2h, 7d, or a date)')
    .option(
      '--as-accepted',
      'send with the target, chat id, prompt and skills stored when the event was accepted, not the route as it is now',
    )
    .option('--json', 'print {replayed: [{id, replayOf}]} as JSON')
    .action((target: string, options: ReplayOptions) => replay(context, target, options));
  withExamples(command, [
    'switchyard webhook replay 0b7c1f0e-2a4d-4c8e-9f61-5d3a2b1c0e9f',
    'switchyard webhook replay github-issues --failed --since 1d',
    'switchyard webhook replay 0b7c1f0e-2a4d-4c8e-9f61-5d3a2b1c0e9f --as-accepted',
  ]);
};
