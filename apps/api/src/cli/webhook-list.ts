import type { Command } from 'commander';
import { alignColumns } from '@switchyard/domain/webhooks/relative-time';
import { parseRouteEntry, type WebhookRoute } from '@switchyard/domain/webhooks/route-definition';
import { readSubscriptions } from '../webhooks/subscriptions-file.ts';
import type { CliContext } from './cli-context.ts';
import { withExamples } from './help-examples.ts';
import { requireEnabledPlatform, webhookUrl } from './webhook-platform.ts';

const DESCRIPTION_WIDTH = 40;

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
  mode: route.deliverOnly ? 'direct' : 'agent',
  max_in_flight: route.maxInFlight ?? null,
  order_key: route.orderKey ?? null,
  skills: route.skills,
  script: route.script ?? null,
  filters: route.filter !== null,
});

type DescribedRoute = ReturnType<typeof describeRoute>;

/** A free text on one line of at most `width` characters. */
const cut = (text: string, width: number): string => {
  const line = text.replace(/\s+/g, ' ').trim();

  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
};

/** One table row; an empty cell reads "-" so the columns after it stay readable. */
const tableRow = (route: DescribedRoute): string[] => {
  const limits = [
    route.max_in_flight === null ? null : `max_in_flight=${route.max_in_flight}`,
    route.order_key === null ? null : `order_key=${route.order_key}`,
  ].filter((item) => item !== null);
  const description = [route.source === 'config.yaml' ? '(config.yaml)' : null, route.description].filter((item) => item !== null).join(' ');

  return [
    route.name,
    route.events.length > 0 ? route.events.join(',') : '(all)',
    route.deliver_chat_id === null ? route.deliver : `${route.deliver} (${route.deliver_chat_id})`,
    route.mode,
    limits.length > 0 ? limits.join(' ') : '-',
    description === '' ? '-' : cut(description, DESCRIPTION_WIDTH),
    route.webhook_url,
  ];
};

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
  } else if (described.length === 0) {
    context.out('No webhook subscriptions. Create one with: switchyard webhook subscribe <name>');
  } else {
    alignColumns([['NAME', 'EVENTS', 'DELIVER', 'MODE', 'LIMITS', 'DESCRIPTION', 'WEBHOOK_URL'], ...described.map(tableRow)]).forEach((line) => context.out(line));
  }
  for (const problem of problems) {
    context.err(`warning: ${problem}`);
  }
};

export const registerWebhookList = (group: Command, context: CliContext): void => {
  const command = group
    .command('list')
    .alias('ls')
    .description('list webhook routes (subscriptions and static routes) as a table; secrets are never shown')
    .option('--json', 'print the routes as JSON')
    .action((options: { json?: boolean }) => list(context, options));
  withExamples(command, ['switchyard webhook list', 'switchyard webhook list --json']);
};
