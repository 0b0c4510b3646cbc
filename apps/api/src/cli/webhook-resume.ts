import type { Command } from 'commander';
import type { CliContext } from './cli-context.ts';
import { withExamples } from './help-examples.ts';
import { webhookOperation } from './webhook-database.ts';

const resume = async (context: CliContext, name: string): Promise<void> => {
  const result = await webhookOperation(context, 'resume', { route: name });
  context.out(
    result.wasPaused
      ? `Resumed "${name}": ${result.queued} queued deliveries go out now.`
      : `"${name}" was not paused; ${result.queued} deliveries are queued.`,
  );
};

export const registerWebhookResume = (group: Command, context: CliContext): void => {
  const command = group
    .command('resume')
    .description("close a route's circuit breaker: its queued deliveries go out again")
    .argument('<name>', 'route name')
    .action((name: string) => resume(context, name));
  withExamples(command, ['switchyard webhook resume alerts']);
};
