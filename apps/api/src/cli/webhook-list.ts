import type { Command } from 'commander';
import { alignColumns } from '@switchyard/domain/webhooks/relative-time';
import { formatAgo } from '@switchyard/domain/webhooks/relative-time';
import type { WebhookRoute } from '@switchyard/domain/webhooks/route-definition';
import { describeRouteState } from '@switchyard/domain/webhooks/route-pause';
import type { RouteStateSummary } from '../webhooks/delivery/delivery-presenter.ts';
import type { CliContext } from './cli-context.ts';
import { withExamples } from './help-examples.ts';
import { webhookDatabaseExists, webhookOperation } from './webhook-database.ts';
import { readConfiguredRoutes, webhookUrl } from './webhook-platform.ts';

const DESCRIPTION_WIDTH = 40;
const STATE_WIDTH = 60;

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
  const description = [route.source === 'config.yaml' ? '(config.yaml)' : null, route.description]
    .filter((item) => item !== null)
    .join(' ');

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

/** Never paused, never delivered to: how a route reads where no database has been created yet. */
const untouchedState = (route: string): RouteStateSummary => ({
  route,
  pausedAt: null,
  pausedBy: null,
  pausedReason: null,
  rejectWhilePaused: false,
  consecutiveFailures: 0,
  queued: 0,
  lastDelivery: null,
});

/**
 * Each route's state from the database. An embedded database that was never created holds no
 * state, and is not created just to be listed.
 */
const readStates = async (context: CliContext, names: string[]): Promise<Map<string, RouteStateSummary>> => {
  const states = !webhookDatabaseExists(context)
    ? names.map(untouchedState)
    : await webhookOperation(context, 'routeStates', { routes: names });

  return new Map(states.map((state) => [state.route, state]));
};

const lastOutcome = (state: RouteStateSummary, now: Date): string => {
  const last = state.lastDelivery;
  if (last === null) {
    return '-';
  }

  return last.finishedAt === null ? last.status : `${last.status} ${formatAgo(new Date(last.finishedAt), now)}`;
};

const stateText = (state: RouteStateSummary, now: Date): string =>
  cut(
    describeRouteState(
      {
        pausedAt: state.pausedAt === null ? null : new Date(state.pausedAt),
        pausedBy: state.pausedBy,
        pausedReason: state.pausedReason,
        rejectWhilePaused: state.rejectWhilePaused,
      },
      now,
    ),
    STATE_WIDTH,
  );

const list = async (context: CliContext, options: { json?: boolean }): Promise<void> => {
  const { settings, routes, problems } = readConfiguredRoutes(context);
  const states = await readStates(
    context,
    routes.map((route) => route.name),
  );
  const now = new Date();
  const described = routes.map((route) => {
    const state = states.get(route.name) ?? untouchedState(route.name);

    return {
      ...describeRoute(route, webhookUrl(context, settings, route.name)),
      state: state.pausedAt === null ? 'active' : state.pausedBy === 'hand' ? 'paused_by_hand' : 'paused_by_breaker',
      paused_at: state.pausedAt,
      paused_reason: state.pausedReason,
      reject_while_paused: state.rejectWhilePaused,
      queued: state.queued,
      last_delivery: state.lastDelivery,
      stateText: stateText(state, now),
      lastText: lastOutcome(state, now),
    };
  });
  if (options.json === true) {
    context.out(JSON.stringify({ routes: described.map(({ stateText: _state, lastText: _last, ...route }) => route), problems }));
  } else if (described.length === 0) {
    context.out('No webhook subscriptions. Create one with: switchyard webhook subscribe <name>');
  } else {
    alignColumns([
      ['NAME', 'EVENTS', 'DELIVER', 'MODE', 'STATE', 'QUEUED', 'LAST', 'LIMITS', 'DESCRIPTION', 'WEBHOOK_URL'],
      ...described.map((route) => {
        const [name, events, deliver, mode, ...rest] = tableRow(route);
        return [name ?? '', events ?? '', deliver ?? '', mode ?? '', route.stateText, String(route.queued), route.lastText, ...rest];
      }),
    ]).forEach((line) => context.out(line));
  }
  for (const problem of problems) {
    context.err(`warning: ${problem}`);
  }
};

export const registerWebhookList = (group: Command, context: CliContext): void => {
  const command = group
    .command('list')
    .alias('ls')
    .description(
      'list webhook routes (subscriptions and static routes) with their state (active or paused), queue and last outcome; secrets are never shown',
    )
    .option('--json', 'print the routes as JSON')
    .action((options: { json?: boolean }) => list(context, options));
  withExamples(command, ['switchyard webhook list', 'switchyard webhook list --json']);
};
