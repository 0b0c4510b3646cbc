import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { DEFAULT_DELIVERY_TARGET } from '@switchyard/domain/webhooks/delivery-targets';
import { parseEventList } from '@switchyard/domain/webhooks/event-type';
import { routeNameProblem } from '@switchyard/domain/webhooks/route-name';
import type { SubscriptionEntry } from '../webhooks/gateway/subscriptions-file.ts';
import { CliError, type CliContext } from './cli-context.ts';
import { withExamples } from './help-examples.ts';
import { addRouteOptions, applyRouteOptions, checkRouteEntry, checkRouteOptions, type RouteOptions } from './webhook-route-options.ts';
import { requireEnabledPlatform, webhookUrl } from './webhook-platform.ts';
import { changeSubscription } from './webhook-database.ts';

type SubscribeOptions = RouteOptions & { deliver: string; replace?: boolean };

/** `whsec_` + base64 key bytes: usable as-is by GitHub/GitLab senders and by Standard Webhooks libraries. */
const generateSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

const timestamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

const subscribe = async (context: CliContext, name: string, options: SubscribeOptions): Promise<void> => {
  const { home, settings } = requireEnabledPlatform(context);
  const nameProblem = routeNameProblem(name);
  if (nameProblem !== null) {
    throw new CliError(nameProblem);
  }
  if (settings.staticRoutes.some((route) => route.name === name)) {
    throw new CliError(`"${name}" is a static route in config.yaml; static routes cannot be overwritten by a subscription`);
  }
  checkRouteOptions(home, options);

  const { existed, secret } = await changeSubscription(context, home.subscriptionsFile, name, (subscriptions) => {
    const existing = Object.hasOwn(subscriptions, name) ? subscriptions[name] : undefined;
    // Re-creating a route from scratch by accident would drop its events, prompt and filters.
    if (existing !== undefined && options.replace !== true) {
      throw new CliError(
        `a subscription named "${name}" exists; change some of its options with "switchyard webhook update ${name} ..." ` +
          'or replace it whole with --replace',
      );
    }
    const now = timestamp();
    // Replacing keeps the secret the sender was given, unless a new one is asked for.
    const secret = options.secret ?? (typeof existing?.secret === 'string' ? existing.secret : generateSecret());
    const entry: SubscriptionEntry = {
      ...existing,
      description: `Subscription ${name}`,
      events: [],
      secret,
      prompt: '',
      skills: [],
      deliver: DEFAULT_DELIVERY_TARGET,
      deliver_only: false,
      created_at: typeof existing?.created_at === 'string' ? existing.created_at : now,
      updated_at: now,
    };
    for (const key of ['deliver_extra', 'script', 'max_in_flight', 'order_key', 'retention_days']) {
      delete entry[key];
    }
    applyRouteOptions(entry, { ...options, deliverOnly: options.deliverOnly === true });
    checkRouteEntry(context, name, entry);
    subscriptions[name] = entry;

    return { write: true, result: { existed: existing !== undefined, secret } };
  });

  const url = webhookUrl(context, settings, name);
  if (options.json === true) {
    context.out(JSON.stringify({ name, webhook_url: url, secret }));

    return;
  }
  const events = parseEventList(options.events);
  context.out(`${existed ? 'Replaced' : 'Created'} webhook subscription: ${name}`);
  context.out(`webhook_url: ${url}`);
  context.out(`secret: ${secret}`);
  context.out(`events: ${events.length > 0 ? events.join(', ') : '(all)'}`);
  context.out(`deliver: ${options.deliver}${options.deliverOnly ? ' (direct delivery, no agent run)' : ''}`);
  context.out('Configure the sender to POST to webhook_url, signing with the secret.');
};

const update = async (context: CliContext, name: string, options: RouteOptions): Promise<void> => {
  const { home, settings } = requireEnabledPlatform(context);
  if (settings.staticRoutes.some((route) => route.name === name)) {
    throw new CliError(`"${name}" is a static route; change it in config.yaml`);
  }
  const given = Object.keys(options).filter((key) => key !== 'json');
  if (given.length === 0) {
    throw new CliError('nothing to change: give at least one option (see switchyard webhook update --help)');
  }
  checkRouteOptions(home, options);
  const secret = await changeSubscription(context, home.subscriptionsFile, name, (subscriptions) => {
    const existing = Object.hasOwn(subscriptions, name) ? subscriptions[name] : undefined;
    if (existing === undefined) {
      throw new CliError(`no subscription named "${name}"; create it with: switchyard webhook subscribe ${name}`);
    }
    const entry: SubscriptionEntry = { ...existing, updated_at: timestamp() };
    applyRouteOptions(entry, options);
    checkRouteEntry(context, name, entry);
    subscriptions[name] = entry;

    return { write: true, result: String(entry.secret ?? '') };
  });
  const url = webhookUrl(context, settings, name);
  if (options.json === true) {
    context.out(JSON.stringify({ name, webhook_url: url, secret }));

    return;
  }
  const flags = given.map((key) => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`);
  context.out(`Updated webhook subscription: ${name} (${flags.join(', ')})`);
  context.out(`webhook_url: ${url}`);
};

export const registerWebhookSubscribe = (group: Command, context: CliContext): void => {
  const command = addRouteOptions(
    group
      .command('subscribe')
      .alias('add')
      .description('create a webhook subscription; prints its webhook_url and secret')
      .argument('<name>', 'subscription name: lower-case letters, digits, "-" and "_"'),
    { deliver: DEFAULT_DELIVERY_TARGET },
  )
    .option('--replace', 'replace an existing subscription of that name whole (its secret is kept unless --secret is given)')
    .action((name: string, options: SubscribeOptions) => subscribe(context, name, options));
  withExamples(command, [
    'switchyard webhook subscribe github-issues --events issues --prompt "Triage: {issue.title}" --deliver origin',
    'switchyard webhook subscribe alerts --deliver slack --deliver-chat-id C0123 --deliver-only --prompt "{alert.summary}"',
    'switchyard webhook subscribe prs --events pull_request --order-key "{repository.full_name}#{number}" --max-in-flight 2',
  ]);
};

export const registerWebhookUpdate = (group: Command, context: CliContext): void => {
  const command = addRouteOptions(
    group
      .command('update')
      .description('change some options of a webhook subscription; the others (and its secret) are kept')
      .argument('<name>', 'subscription name'),
    {},
  )
    .option('--no-deliver-only', 'run the agent again instead of sending the prompt directly')
    .action((name: string, options: RouteOptions) => update(context, name, options));
  withExamples(command, [
    'switchyard webhook update github-issues --deliver telegram --deliver-chat-id 12345',
    'switchyard webhook update prs --max-in-flight 0 --retention-days 7',
  ]);
};
