import { secretProblem } from '@switchyard/domain/webhooks/verify-signature';
import { existsSync, readFileSync } from 'node:fs';
import { Document, isMap, parseDocument } from 'yaml';
import { z } from 'zod';
import { parseRouteEntry, type WebhookRoute } from '@switchyard/domain/webhooks/route-definition';
import type { WebhookServiceEnv } from '../webhook-env.ts';
import { writeFileAtomically } from './write-file-atomically.ts';

export const DEFAULT_WEBHOOK_PORT = 8644;
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 30;
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** The receiver's settings: config.yaml's `platforms.webhook`, each environment variable overriding its key on its own. */
export type GatewaySettings = {
  enabled: boolean;
  host: string;
  port: number;
  secret: string | undefined;
  rateLimitPerMinute: number;
  maxBodyBytes: number;
  staticRoutes: WebhookRoute[];
  /** Static routes that could not be used, one line each. */
  problems: string[];
};

export class ConfigFileError extends Error {
  override name = 'ConfigFileError';
}

/** A YAML mapping; anything else where a mapping is expected reads as an empty one. */
const mapping = z.record(z.string(), z.unknown());
const isRecord = (value: unknown): value is Record<string, unknown> => mapping.safeParse(value).success;
/** The value itself (not a copy, so every key is kept) when it is a mapping, else an empty one. */
const mappingOr = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** config.yaml's `platforms.webhook` as far as the receiver reads it; every level is optional. */
type WebhookSection = { enabled: unknown; extra: Record<string, unknown> };

const readWebhookSection = (configFile: string): WebhookSection => {
  if (!existsSync(configFile)) {
    return { enabled: undefined, extra: {} };
  }
  const document = parseDocument(readFileSync(configFile, 'utf8'));
  if (document.errors.length > 0) {
    throw new ConfigFileError(`${configFile}: ${document.errors[0]?.message.split('\n')[0] ?? 'invalid YAML'}`);
  }
  const webhook = mappingOr(mappingOr(mappingOr(document.toJS()).platforms).webhook);

  return { enabled: webhook.enabled, extra: mappingOr(webhook.extra) };
};

/** A whole number key of `extra`: its default when absent, an error naming the key when out of range. */
const wholeNumber = (key: string, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  z.unknown().transform((value, context) => {
    if (value === undefined || value === null) {
      return fallback;
    }
    const number = typeof value === 'string' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
      context.addIssue({ code: 'custom', message: `platforms.webhook.extra.${key}: must be a whole number from ${min} to ${max}` });

      return z.NEVER;
    }

    return number;
  });

const text = z.unknown().transform((value) => (typeof value === 'string' && value !== '' ? value : undefined));

/** A key of `extra` read through its schema; the first problem is the file's error. */
const read = <T>(schema: z.ZodType<T>, value: unknown): T => {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ConfigFileError(result.error.issues[0]?.message ?? 'platforms.webhook.extra: invalid');
  }

  return result.data;
};

const flag = (value: unknown): boolean => value === true || (typeof value === 'string' && /^(true|1|yes)$/i.test(value));

/** Static routes of config.yaml, keeping the usable ones and a problem line for the others. */
const staticRoutesOf = (routes: unknown, globalSecret: string | undefined) => {
  const problems: string[] = [];
  const parsed: WebhookRoute[] = [];
  if (routes !== undefined && routes !== null && !isRecord(routes)) {
    return { routes: parsed, problems: ['platforms.webhook.extra.routes: must be a mapping of route names'] };
  }
  for (const [name, entry] of Object.entries(routes ?? {})) {
    const result = parseRouteEntry(name, entry, 'config');
    if (!result.ok) {
      problems.push(result.problem);
    } else if (result.route.secret === undefined && globalSecret === undefined) {
      problems.push(`route "${name}": no secret (set its secret or platforms.webhook.extra.secret)`);
    } else {
      parsed.push(result.route);
    }
  }

  return { routes: parsed, problems };
};

/**
 * Reads config.yaml once, so that the settings and the static routes come from the same version
 * of the file. Throws ConfigFileError for invalid YAML or an invalid value.
 */
export const loadGatewaySettings = (configFile: string, env: WebhookServiceEnv): GatewaySettings => {
  const section = readWebhookSection(configFile);
  const { extra } = section;
  // Each environment variable overrides its key on its own; a key a variable sets is not checked.
  const secret = env.WEBHOOK_SECRET ?? read(text, extra.secret);
  const { routes, problems } = staticRoutesOf(extra.routes, secret);
  // Kept (requests signed with it are refused) so that the problem is logged, not the routes lost.
  const globalSecretProblem = secret === undefined ? null : secretProblem(secret);
  if (globalSecretProblem !== null) {
    problems.push(`global webhook secret: ${globalSecretProblem}; requests relying on it are refused`);
  }

  return {
    enabled: env.WEBHOOK_ENABLED ?? flag(section.enabled),
    host: read(text, extra.host) ?? env.HOST,
    port: env.WEBHOOK_PORT ?? read(wholeNumber('port', DEFAULT_WEBHOOK_PORT, 0, 65535), extra.port),
    secret,
    rateLimitPerMinute: read(wholeNumber('rate_limit', DEFAULT_RATE_LIMIT_PER_MINUTE), extra.rate_limit),
    maxBodyBytes: read(wholeNumber('max_body_bytes', DEFAULT_MAX_BODY_BYTES), extra.max_body_bytes),
    staticRoutes: routes,
    problems,
  };
};

/** Sets `platforms.webhook` keys in config.yaml, keeping every other key and comment of the file. */
export const updateWebhookConfig = (
  configFile: string,
  values: { enabled: boolean; host: string; port: number; secret: string | undefined },
): void => {
  const existing = existsSync(configFile) ? readFileSync(configFile, 'utf8') : '';
  let document: Document = parseDocument(existing);
  if (document.errors.length > 0) {
    throw new ConfigFileError(`${configFile}: ${document.errors[0]?.message.split('\n')[0] ?? 'invalid YAML'}`);
  }
  if (!isMap(document.contents)) {
    // An empty file (or a bare scalar) has no mapping to add keys to; start a fresh document.
    document = new Document({});
  }
  document.setIn(['platforms', 'webhook', 'enabled'], values.enabled);
  document.setIn(['platforms', 'webhook', 'extra', 'host'], values.host);
  document.setIn(['platforms', 'webhook', 'extra', 'port'], values.port);
  if (values.secret !== undefined) {
    document.setIn(['platforms', 'webhook', 'extra', 'secret'], values.secret);
  }
  writeFileAtomically(configFile, document.toString());
};
