import type { Command } from 'commander';
import { DELIVERY_TARGETS } from '@switchyard/domain/webhooks/delivery-targets';
import { deliveryChoiceProblem } from '@switchyard/domain/webhooks/delivery-targets';
import { parseEventList } from '@switchyard/domain/webhooks/event-type';
import { parseRouteEntry } from '@switchyard/domain/webhooks/route-definition';
import { secretProblem } from '@switchyard/domain/webhooks/verify-signature';
import { locateScript } from '../webhooks/routes/route-script.ts';
import { skillExists } from '../webhooks/routes/skills.ts';
import type { SubscriptionEntry } from '../webhooks/gateway/subscriptions-file.ts';
import type { SwitchyardHome } from '../webhooks/gateway/switchyard-home.ts';
import { CliError, type CliContext } from './cli-context.ts';

/** The route options `subscribe` and `update` share; `update` changes only those given. */
export type RouteOptions = {
  prompt?: string;
  events?: string;
  description?: string;
  skills?: string;
  deliver?: string;
  deliverChatId?: string;
  secret?: string;
  script?: string;
  deliverOnly?: boolean;
  maxInFlight?: string;
  orderKey?: string;
  retentionDays?: string;
  json?: boolean;
};

export const addRouteOptions = (command: Command, defaults: { deliver?: string }): Command =>
  command
    .option('--prompt <template>', 'prompt template with {dot.notation} payload paths (default: the whole payload)')
    .option('--events <list>', 'comma-separated event names that trigger ("" or unset: all)')
    .option('--description <text>', 'free text')
    .option('--skills <list>', 'comma-separated skill names (SWITCHYARD_HOME/skills/<name>/SKILL.md)')
    .option('--deliver <target>', DELIVERY_TARGETS.join(', '), defaults.deliver)
    .option('--deliver-chat-id <id>', 'chat, channel or room at the target (may use {payload.paths})')
    .option('--secret <secret>', 'HMAC secret (default: generated when the subscription is created)')
    .option('--script <file>', 'script in SWITCHYARD_HOME/scripts that filters or rewrites the payload ("" for none)')
    .option('--deliver-only', 'send the rendered prompt directly to the target, without an agent run')
    .option('--max-in-flight <n>', 'agent runs of this route at once; the rest wait in the queue (0: no cap)')
    .option('--order-key <template>', 'deliveries with the same rendered key run one at a time, in order ("" for none)')
    .option('--retention-days <n>', "days a finished delivery's payload is kept (default 30)")
    .option('--json', 'print {name, webhook_url, secret} as JSON');

const wholeNumber = (option: string, text: string, min: number, max: number): number => {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < min || value > max) {
    throw new CliError(`${option} must be a whole number from ${min} to ${max}`);
  }

  return value;
};

/** Writes the options that were given into `entry` ("" clears an optional setting). */
export const applyRouteOptions = (entry: SubscriptionEntry, options: RouteOptions): void => {
  const set = (key: string, value: unknown) => {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0 && key !== 'events' && key !== 'skills')) {
      delete entry[key];
    } else {
      entry[key] = value;
    }
  };
  if (options.description !== undefined) set('description', options.description);
  if (options.events !== undefined) entry.events = parseEventList(options.events);
  if (options.prompt !== undefined) entry.prompt = options.prompt;
  if (options.skills !== undefined) entry.skills = parseEventList(options.skills);
  if (options.deliver !== undefined) entry.deliver = options.deliver;
  if (options.deliverOnly !== undefined) entry.deliver_only = options.deliverOnly;
  if (options.secret !== undefined) entry.secret = options.secret;
  if (options.deliverChatId !== undefined) {
    set('deliver_extra', options.deliverChatId === '' ? undefined : { chat_id: options.deliverChatId });
  }
  if (options.script !== undefined) set('script', options.script);
  if (options.maxInFlight !== undefined) {
    const cap = wholeNumber('--max-in-flight', options.maxInFlight, 0, 1000);
    set('max_in_flight', cap === 0 ? undefined : cap);
  }
  if (options.orderKey !== undefined) set('order_key', options.orderKey);
  if (options.retentionDays !== undefined) set('retention_days', wholeNumber('--retention-days', options.retentionDays, 1, 36500));
};

/** Checks what was asked before anything is written: secret, skills and script exist. */
export const checkRouteOptions = (home: SwitchyardHome, options: RouteOptions): void => {
  if (options.secret !== undefined && options.secret.trim() === '') {
    throw new CliError('--secret must not be empty');
  }
  const badSecret = options.secret === undefined ? null : secretProblem(options.secret);
  if (badSecret !== null) {
    throw new CliError(`--secret: ${badSecret}`);
  }
  const unknownSkill = parseEventList(options.skills).find((skill) => !skillExists(home.skillsDir, skill));
  if (unknownSkill !== undefined) {
    throw new CliError(`unknown skill "${unknownSkill}": expected ${home.skillsDir}/${unknownSkill}/SKILL.md`);
  }
  if (options.script !== undefined && options.script !== '') {
    const location = locateScript(home.scriptsDir, options.script);
    if (!location.ok) {
      throw new CliError(location.problem);
    }
  }
};

/** The entry as it would be served: a usable target and a valid route, or one line saying why not. */
export const checkRouteEntry = (context: CliContext, name: string, entry: SubscriptionEntry): void => {
  const env = context.env as unknown as Record<string, unknown>;
  const chatId = (entry.deliver_extra as { chat_id?: unknown } | undefined)?.chat_id;
  const choiceProblem = deliveryChoiceProblem({
    deliver: typeof entry.deliver === 'string' ? entry.deliver : 'log',
    deliverOnly: entry.deliver_only === true,
    chatId: chatId === undefined || chatId === null ? undefined : String(chatId),
    isSet: (variable) => env[variable] !== undefined && env[variable] !== '',
  });
  if (choiceProblem !== null) {
    throw new CliError(choiceProblem);
  }
  const parsed = parseRouteEntry(name, entry, 'subscription');
  if (!parsed.ok) {
    throw new CliError(parsed.problem);
  }
};
