import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * The webhook service's environment variables, merged into the schema of env.ts (the one place
 * that reads process.env). Everything in this service receives the parsed result.
 */

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const optionalUrl = optionalText.pipe(z.url().optional());

const urlWithDefault = (fallback: string) =>
  optionalText.pipe(z.url().optional()).transform((value) => (value ?? fallback).replace(/\/+$/, ''));

const milliseconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/** Unset stays unset, so config.yaml decides; any set value overrides it on its own. */
const optionalFlag = optionalText
  .pipe(
    z
      .string()
      .regex(/^(true|false|1|0|yes|no)$/i, 'must be true, false, 1, 0, yes or no')
      .optional(),
  )
  .transform((value) => (value === undefined ? undefined : /^(true|1|yes)$/i.test(value)));

export const webhookEnvShape = {
  SWITCHYARD_HOME: optionalText.transform((value) => resolve(value ?? join(homedir(), '.switchyard'))),
  WEBHOOK_ENABLED: optionalFlag,
  WEBHOOK_PORT: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(65535).optional()),
  WEBHOOK_SECRET: optionalText,
  /** Origin printed by the CLI in webhook URLs, e.g. a tunnel in front of the receiver. */
  PUBLIC_WEBHOOK_BASE: optionalUrl,
  WEBHOOK_SCRIPT_TIMEOUT_MS: milliseconds(30_000),
  /** Timeout of every outbound call: chat platforms, code hosts, the model. */
  WEBHOOK_HTTP_TIMEOUT_MS: milliseconds(10_000),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  WEBHOOK_RETRY_BASE_MS: milliseconds(5_000),
  WEBHOOK_RETRY_MAX_MS: milliseconds(36_000_000),
  /** A claimed delivery's lease, renewed every third of it: a worker that stops renewing loses it after this. */
  WEBHOOK_LEASE_MS: milliseconds(30_000),
  /**
   * How long a sender's retry of a direct delivery waits for an earlier attempt of the same event
   * that is still running before it answers 502 in_progress (0: answer at once).
   */
  WEBHOOK_INFLIGHT_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Consecutive failed attempts at a route's target that pause the route (its circuit breaker). */
  WEBHOOK_BREAKER_FAILURES: z.coerce.number().int().min(1).max(10_000).default(10),
  /** How old the receiver's view of paused routes may be (0: read on every request). */
  WEBHOOK_PAUSE_CHECK_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** How often expired idempotency keys and payloads past their route's retention_days are swept. */
  WEBHOOK_RETENTION_SWEEP_MS: milliseconds(600_000),
  WEBHOOK_WORKER_POLL_MS: milliseconds(1_000),
  WEBHOOK_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** HTTP processes of `gateway run`; unset: one per two cores (1 to 4) on PostgreSQL, 1 on PGlite. */
  WEBHOOK_RECEIVER_PROCESSES: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(64).optional(),
  ),

  /**
   * Route scripts get a clean environment (none of the service's tokens) holding only this PATH,
   * so that they find bash, python3 and their own tools.
   */
  PATH: optionalText.transform((value) => value ?? '/usr/local/bin:/usr/bin:/bin'),

  AGENT_BASE_URL: optionalUrl,
  AGENT_API_KEY: optionalText,
  AGENT_MODEL: optionalText,
  AGENT_COMMAND: optionalText,
  AGENT_TIMEOUT_MS: milliseconds(120_000),

  GITHUB_TOKEN: optionalText,
  GITHUB_API_URL: urlWithDefault('https://api.github.com'),
  GITLAB_TOKEN: optionalText,
  GITLAB_API_URL: urlWithDefault('https://gitlab.com/api/v4'),
  TELEGRAM_BOT_TOKEN: optionalText,
  TELEGRAM_API_URL: urlWithDefault('https://api.telegram.org'),
  DISCORD_BOT_TOKEN: optionalText,
  DISCORD_API_URL: urlWithDefault('https://discord.com/api/v10'),
  SLACK_BOT_TOKEN: optionalText,
  SLACK_API_URL: urlWithDefault('https://slack.com/api'),
  MATTERMOST_TOKEN: optionalText,
  /** The Mattermost server's base URL; there is no public default. */
  MATTERMOST_API_URL: optionalUrl,
  MATRIX_ACCESS_TOKEN: optionalText,
  /** The homeserver's base URL (client-server API). */
  MATRIX_API_URL: optionalUrl,
};

export type WebhookEnv = z.output<z.ZodObject<typeof webhookEnvShape>>;

/** The variables the webhook service reads besides its own section. */
export type WebhookServiceEnv = WebhookEnv & {
  HOST: string;
  DATA_DIR: string;
  DATABASE_URL?: string | undefined;
  DATABASE_POOL_WAIT_MS?: number;
  LOG_LEVEL: string;
  /** Parsed in env.ts with the other retention periods; its default when absent. */
  WEBHOOK_DELIVERY_HISTORY_DAYS?: number;
};
