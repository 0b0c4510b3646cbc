import { secretProblem } from '@switchyard/domain/webhooks/verify-signature';
import { existsSync, readFileSync } from 'node:fs';
import { Document, isMap, parseDocument } from 'yaml';
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

type RawWebhookConfig = {
  enabled?: unknown;
  extra?: {
    host?: unknown;
    port?: unknown;
    secret?: unknown;
    rate_limit?: unknown;
    max_body_bytes?: unknown;
    routes?: unknown;
  };
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const readWebhookSection = (configFile: string): RawWebhookConfig => {
  if (!existsSync(configFile)) {
    return {};
  }
  const document = parseDocument(readFileSync(configFile, 'utf8'));
  if (document.errors.length > 0) {
    throw new ConfigFileError(`${configFile}: ${document.errors[0]?.message.split('\n')[0] ?? 'invalid YAML'}`);
  }
  const root: unknown = document.toJS();
  const platforms = isRecord(root) ? root.platforms : undefined;
  const webhook = isRecord(platforms) ? platforms.webhook : undefined;

  return isRecord(webhook) ? (webhook as RawWebhookConfig) : {};
};

const wholeNumber = (value: unknown, key: string, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER): number => {
  if (value === undefined || value === null) {
    return fallback;
  }
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
    throw new ConfigFileError(`platforms.webhook.extra.${key}: must be a whole number from ${min} to ${max}`);
  }

  return number;
};

const flag = (value: unknown): boolean =>
  value === true || (typeof value === 'string' && /^(true|1|yes)$/i.test(value));

/** Static routes of config.yaml, keeping the usable ones and a problem line for the others. */
const staticRoutesOf = (section: RawWebhookConfig, globalSecret: string | undefined) => {
  const routes = section.extra?.routes;
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
  const extra = isRecord(section.extra) ? section.extra : {};
  const secret =
    env.WEBHOOK_SECRET ?? (typeof extra.secret === 'string' && extra.secret !== '' ? extra.secret : undefined);
  const { routes, problems } = staticRoutesOf(section, secret);
  // Kept (requests signed with it are refused) so that the problem is logged, not the routes lost.
  const globalSecretProblem = secret === undefined ? null : secretProblem(secret);
  if (globalSecretProblem !== null) {
    problems.push(`global webhook secret: ${globalSecretProblem}; requests relying on it are refused`);
  }

  return {
    enabled: env.WEBHOOK_ENABLED ?? flag(section.enabled),
    host: typeof extra.host === 'string' && extra.host !== '' ? extra.host : env.HOST,
    port: env.WEBHOOK_PORT ?? wholeNumber(extra.port, 'port', DEFAULT_WEBHOOK_PORT, 0, 65535),
    secret,
    rateLimitPerMinute: wholeNumber(extra.rate_limit, 'rate_limit', DEFAULT_RATE_LIMIT_PER_MINUTE),
    maxBodyBytes: wholeNumber(extra.max_body_bytes, 'max_body_bytes', DEFAULT_MAX_BODY_BYTES),
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
