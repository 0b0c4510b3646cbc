import type { Command } from 'commander';
import { updateSubscriptions } from '../webhooks/subscriptions-file.ts';
import { CliError, type CliContext } from './cli-context.ts';
import { requireEnabledPlatform } from './webhook-platform.ts';

const remove = (context: CliContext, name: string): void => {
  const { home, settings } = requireEnabledPlatform(context);
  updateSubscriptions(home.subscriptionsFile, (subscriptions) => {
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
};

export const registerWebhookRemove = (group: Command, context: CliContext): void => {
  group
    .command('remove')
    .alias('rm')
    .description('remove a webhook subscription (the receiver stops serving it on its next request)')
    .argument('<name>', 'subscription name')
    .action((name: string) => remove(context, name));
};
