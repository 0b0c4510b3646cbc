import type { Command } from 'commander';
import { parseRouteEntry, type WebhookRoute } from '@switchyard/domain/webhooks/route-definition';
import { readSubscriptions } from '../webhooks/subscriptions-file.ts';
import type { CliContext } from './cli-context.ts';
import { requireEnabledPlatform, webhookUrl } from './webhook-platform.ts';

/** What is shown of a route: everything but its secret. */
const describeRoute = (route: WebhookRoute, url: string) => ({
  name: route.name,
  source: route.source === 'config' ? 'config.yaml' : 'subscription',
  description: route.description ?? null,
  webhook_url: url,
  events: route.events,
  deliver: route.deliver,
  deliver_only: route.deliverOnly,
  deliver_chat_id: route.chatId ?? null,
  skills: route.skills,
  script: route.script ?? null,
  filters: route.filter !== null,
});

const list = (context: CliContext, options: { json?: boolean }): void => {
  const { home, settings } = requireEnabledPlatform(context);
  const routes: WebhookRoute[] = [...settings.staticRoutes];
  const problems = [...settings.problems];
  for (const [name, entry] of Object.entries(readSubscriptions(home.subscriptionsFile))) {
    const parsed = parseRouteEntry(name, entry, 'subscription');
    if (!parsed.ok) {
      problems.push(parsed.problem);
    } else if (!routes.some((route) => route.name === name)) {
      routes.push(parsed.route);
    }
  }
  const described = routes.map((route) => describeRoute(route, webhookUrl(context, settings, route.name)));
  if (options.json === true) {
    context.out(JSON.stringify({ routes: described, problems }));

    return;
  }
  if (described.length === 0) {
    context.out('No webhook subscriptions. Create one with: switchyard webhook subscribe <name>');
  } else {
    context.out(`${described.length} webhook route(s):`);
  }
  for (const route of described) {
    context.out(`- ${route.name}${route.source === 'config.yaml' ? ' (static, config.yaml)' : ''}`);
    if (route.description !== null) {
      context.out(`    description: ${route.description}`);
    }
    context.out(`    webhook_url: ${route.webhook_url}`);
    context.out(`    events: ${route.events.length > 0 ? route.events.join(', ') : '(all)'}`);
    const chat = route.deliver_chat_id === null ? '' : ` -> ${route.deliver_chat_id}`;
    context.out(`    deliver: ${route.deliver}${chat}${route.deliver_only ? ' (direct delivery, no agent run)' : ''}`);
    if (route.skills.length > 0) {
      context.out(`    skills: ${route.skills.join(', ')}`);
    }
    if (route.script !== null) {
      context.out(`    script: ${route.script}`);
    }
  }
  for (const problem of problems) {
    context.err(`warning: ${problem}`);
  }
};

export const registerWebhookList = (group: Command, context: CliContext): void => {
  group
    .command('list')
    .alias('ls')
    .description('list webhook routes (subscriptions and static routes); secrets are never shown')
    .option('--json', 'print the routes as JSON')
    .action((options: { json?: boolean }) => list(context, options));
};
