import type { Command } from 'commander';
import { CliError, type CliContext } from './cli-context.ts';
import { withExamples } from './help-examples.ts';
import { webhookOperation } from './webhook-database.ts';
import { requireServedRoute } from './webhook-platform.ts';

type PauseOptions = { reason?: string; rejectWhilePaused?: boolean };

const pause = async (context: CliContext, name: string, options: PauseOptions): Promise<void> => {
  requireServedRoute(context, name);
  const reason = options.reason?.trim() ?? '';
  if (reason.length > 500) {
    throw new CliError('--reason is at most 500 characters');
  }
  const rejectWhilePaused = options.rejectWhilePaused === true;
  const result = await webhookOperation(context, 'pause', { route: name, reason: reason === '' ? null : reason, rejectWhilePaused });
  const events = rejectWhilePaused ? 'new events are refused (503)' : 'new events are accepted and queued';
  context.out(
    `${result.wasPaused ? 'Still paused' : 'Paused'} "${name}": ${result.queued} queued deliveries wait, ${events}. Resume with: switchyard webhook resume ${name}`,
  );
};

export const registerWebhookPause = (group: Command, context: CliContext): void => {
  const command = group
    .command('pause')
    .description('hold a route: its deliveries stay queued until "webhook resume"')
    .argument('<name>', 'route name')
    .option('--reason <text>', 'why, shown by "webhook list"')
    .option('--reject-while-paused', 'refuse new events with 503 and Retry-After instead of queueing them')
    .action((name: string, options: PauseOptions) => pause(context, name, options));
  withExamples(command, [
    'switchyard webhook pause alerts --reason "channel being moved"',
    'switchyard webhook pause alerts --reject-while-paused',
  ]);
};
