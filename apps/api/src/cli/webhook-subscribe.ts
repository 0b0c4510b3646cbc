import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { parseEventList } from '@switchyard/domain/webhooks/event-type';
import { DEFAULT_DELIVERY_TARGET, deliveryChoiceProblem } from '@switchyard/domain/webhooks/delivery-targets';
import { routeNameProblem } from '@switchyard/domain/webhooks/route-name';
import { secretProblem } from '@switchyard/domain/webhooks/verify-signature';
import { locateScript } from '../webhooks/route-script.ts';
import { skillExists } from '../webhooks/skills.ts';
import { updateSubscriptions, type SubscriptionEntry } from '../webhooks/subscriptions-file.ts';
import { CliError, type CliContext } from './cli-context.ts';
import { requireEnabledPlatform, webhookUrl } from './webhook-platform.ts';

type SubscribeOptions = {
  prompt?: string;
  events?: string;
  description?: string;
  skills?: string;
  deliver: string;
  deliverChatId?: string;
  secret?: string;
  script?: string;
  deliverOnly?: boolean;
  json?: boolean;
};

/** `whsec_` + base64 key bytes: usable as-is by GitHub/GitLab senders and by Standard Webhooks libraries. */
const generateSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

const subscribe = (context: CliContext, name: string, options: SubscribeOptions): void => {
  const { home, settings } = requireEnabledPlatform(context);
  const nameProblem = routeNameProblem(name);
  if (nameProblem !== null) {
    throw new CliError(nameProblem);
  }
  if (settings.staticRoutes.some((route) => route.name === name)) {
    throw new CliError(`"${name}" is a static route in config.yaml; static routes cannot be overwritten by a subscription`);
  }
  const env = context.env as unknown as Record<string, unknown>;
  const choiceProblem = deliveryChoiceProblem({
    deliver: options.deliver,
    deliverOnly: options.deliverOnly === true,
    chatId: options.deliverChatId,
    isSet: (variable) => env[variable] !== undefined && env[variable] !== '',
  });
  if (choiceProblem !== null) {
    throw new CliError(choiceProblem);
  }
  const skills = parseEventList(options.skills);
  const unknownSkill = skills.find((skill) => !skillExists(home.skillsDir, skill));
  if (unknownSkill !== undefined) {
    throw new CliError(`unknown skill "${unknownSkill}": expected ${home.skillsDir}/${unknownSkill}/SKILL.md`);
  }
  if (options.script !== undefined) {
    const location = locateScript(home.scriptsDir, options.script);
    if (!location.ok) {
      throw new CliError(location.problem);
    }
  }
  if (options.secret !== undefined && options.secret.trim() === '') {
    throw new CliError('--secret must not be empty');
  }
  const badSecret = options.secret === undefined ? null : secretProblem(options.secret);
  if (badSecret !== null) {
    throw new CliError(`--secret: ${badSecret}`);
  }

  const { existed, secret } = updateSubscriptions(home.subscriptionsFile, (subscriptions) => {
    const existing = Object.hasOwn(subscriptions, name) ? subscriptions[name] : undefined;
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    // Re-subscribing keeps the secret the sender was given, unless a new one is asked for.
    const secret = options.secret ?? (typeof existing?.secret === 'string' ? existing.secret : generateSecret());
    const entry: SubscriptionEntry = {
      ...existing,
      description: options.description ?? `Subscription ${name}`,
      events: parseEventList(options.events),
      secret,
      prompt: options.prompt ?? '',
      skills,
      deliver: options.deliver,
      deliver_only: options.deliverOnly === true,
      created_at: typeof existing?.created_at === 'string' ? existing.created_at : now,
      updated_at: now,
    };
    delete entry.deliver_extra;
    delete entry.script;
    if (options.deliverChatId !== undefined) {
      entry.deliver_extra = { chat_id: options.deliverChatId };
    }
    if (options.script !== undefined) {
      entry.script = options.script;
    }
    subscriptions[name] = entry;

    return { write: true, result: { existed: existing !== undefined, secret } };
  });

  const url = webhookUrl(context, settings, name);
  if (options.json === true) {
    context.out(JSON.stringify({ name, webhook_url: url, secret }));

    return;
  }
  const events = parseEventList(options.events);
  context.out(`${existed ? 'Updated' : 'Created'} webhook subscription: ${name}`);
  context.out(`webhook_url: ${url}`);
  context.out(`secret: ${secret}`);
  context.out(`events: ${events.length > 0 ? events.join(', ') : '(all)'}`);
  context.out(`deliver: ${options.deliver}${options.deliverOnly ? ' (direct delivery, no agent run)' : ''}`);
  context.out('Configure the sender to POST to webhook_url, signing with the secret.');
};

export const registerWebhookSubscribe = (group: Command, context: CliContext): void => {
  group
    .command('subscribe')
    .alias('add')
    .description('create or update a webhook subscription; prints its webhook_url and secret')
    .argument('<name>', 'subscription name: lower-case letters, digits, "-" and "_"')
    .option('--prompt <template>', 'prompt template with {dot.notation} payload paths (default: the whole payload)')
    .option('--events <list>', 'comma-separated event names that trigger (default: all)')
    .option('--description <text>', 'free text')
    .option('--skills <list>', 'comma-separated skill names (SWITCHYARD_HOME/skills/<name>/SKILL.md)')
    .option('--deliver <target>', 'log, origin, github_comment, gitlab_comment, telegram, discord, slack, mattermost, matrix', DEFAULT_DELIVERY_TARGET)
    .option('--deliver-chat-id <id>', 'chat, channel or room at the target (may use {payload.paths})')
    .option('--secret <secret>', 'HMAC secret (default: generated)')
    .option('--script <file>', 'script in SWITCHYARD_HOME/scripts that filters or rewrites the payload')
    .option('--deliver-only', 'send the rendered prompt directly to the target, without an agent run')
    .option('--json', 'print {name, webhook_url, secret} as JSON')
    .action((name: string, options: SubscribeOptions) => subscribe(context, name, options));
};
