import type { Command } from 'commander';
import { CliError, type CliContext } from './cli-context.ts';
import { requireEnabledPlatform } from './webhook-platform.ts';
import { changeSubscription, webhookDatabaseExists, webhookOperation } from './webhook-database.ts';
import { ROUTE_REMOVED } from '../webhooks/routes/route-removed.ts';

const remove = async (context: CliContext, name: string): Promise<void> => {
  const { home, settings } = requireEnabledPlatform(context);
  await changeSubscription(context, home.subscriptionsFile, name, (subscriptions) => {
    if (!Object.hasOwn(subscriptions, name)) {
      if (settings.staticRoutes.some((route) => route.name === name)) {
        throw new CliError(`"${name}" is a static route; remove it from config.yaml (platforms.webhook.extra.routes)`);
      }
      throw new CliError(`no subscription named "${name}"`);
    }
    delete subscriptions[name];

    return { write: true, result: undefined };
  });
  context.out(`Removed webhook subscription: ${name}`);
  const failed = webhookDatabaseExists(context) ? await webhookOperation(context, 'routeRemoved', { route: name }) : 0;
  if (failed > 0) {
    context.out(`${failed} queued ${failed === 1 ? 'delivery' : 'deliveries'} of "${name}" failed: ${ROUTE_REMOVED}.`);
  }
};

export const registerWebhookRemove = (group: Command, context: CliContext): void => {
  group
    .command('remove')
    .alias('rm')
    .description('remove a webhook subscription (the receiver stops serving it on its next request; its queued deliveries fail)')
    .argument('<name>', 'subscription name')
    .action((name: string) => remove(context, name));
};
