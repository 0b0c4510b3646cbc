import { join, resolve } from 'node:path';
import { z } from 'zod';
import { newUserInput } from '@switchyard/domain/transport/tenants/tenant-input';
import { DEFAULT_WEBHOOK_DELIVERY_HISTORY_DAYS } from '@switchyard/domain/retention/retention-rules';
import { webhookEnvShape } from './webhooks/webhook-env.ts';
import { transportEnvShape } from './transport/transport-env.ts';
import { documentStoreEnvProblems, documentStoreEnvShape } from './claims/document-store/store-env.ts';

/** The one place that reads process.env. Everything else receives the parsed, typed result. */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = z.coerce.number().int().min(0).max(65535);

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    ),
  /**
   * PostgreSQL: how long a statement waits for a connection of the pool before the request is
   * answered 503 with Retry-After (never left hanging).
   */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  TRUST_PROXY: booleanFlag,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('switchyard@localhost'),
  /** On SIGTERM: how long in-flight requests, deliveries and mails may take before the process exits. */
  SHUTDOWN_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10 * 60_000)
    .default(10_000),
  /** The ops listener (`GET /metrics`); off unless a port is given. */
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),

  // Claims service
  CLAIMS_PORT: port.default(3001),
  STAFF_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  TEAM_EMAIL: z.string().min(3).default('team@localhost'),
  /** Unset: http://localhost:CLAIMS_PORT (see finish), so mailed links follow a changed port. */
  PORTAL_URL: optionalUrl,
  UPLOAD_DIR: z.string().min(1).optional(),
  // Where documents are kept (UPLOAD_STORE, S3_*, AWS_*): claims/document-store/store-env.ts.
  ...documentStoreEnvShape,
  CAPTCHA_SECRET: z.string().min(1).optional(),
  CAPTCHA_VERIFY_URL: optionalUrl,
  /** Where the built SPA lives; served at / by the claims service. */
  WEB_DIST_DIR: z.string().optional(),
  /** Years a closed claim's messages and documents are kept after it closed (the daily retention sweep). */
  CLAIMS_RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(7),

  // Webhook service: SWITCHYARD_HOME, WEBHOOK_*, AGENT_*, and one token + API URL per delivery
  // platform. The section lives in webhooks/webhook-env.ts.
  ...webhookEnvShape,
  // Transport service: port, identity provider, weather, traffic and payment providers.
  ...transportEnvShape,
  /** Days bus positions, arrivals, estimates and late notices are kept (the daily retention sweep). */
  POSITION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // Finished webhook delivery rows are deleted after this many days; at least the idempotency window (one day).
  WEBHOOK_DELIVERY_HISTORY_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_WEBHOOK_DELIVERY_HISTORY_DAYS),
});

export type RawEnv = z.input<typeof envSchema>;

export type Env = ReturnType<typeof finish>;

/**
 * The address a person on this machine opens a service at. `localhost` rather than the listen
 * address: links stay the same whether HOST is 127.0.0.1 or 0.0.0.0, and the start-up block and
 * the mails name the same host.
 */
export const localUrl = (port: number): string => `http://localhost:${port}`;

const finish = (parsed: z.output<typeof envSchema>) => {
  const dataDir = resolve(parsed.DATA_DIR);

  return {
    ...parsed,
    PORTAL_URL: parsed.PORTAL_URL ?? localUrl(parsed.CLAIMS_PORT),
    TRANSPORT_PUBLIC_URL: parsed.TRANSPORT_PUBLIC_URL ?? localUrl(parsed.TRANSPORT_PORT),
    DATA_DIR: dataDir,
    UPLOAD_DIR: resolve(parsed.UPLOAD_DIR ?? join(dataDir, 'uploads')),
    MAIL_DIR: join(dataDir, 'mail'),
    isProduction: parsed.NODE_ENV === 'production',
    // Demo tokens and demo data are conveniences for development, never for production.
    DEMO_TOKENS: parsed.NODE_ENV !== 'production' && (parsed.DEMO_TOKENS ?? false),
    SEED_DEMO: parsed.NODE_ENV !== 'production' && (parsed.SEED_DEMO ?? parsed.NODE_ENV === 'development'),
  };
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    // One line per problem, each saying what it is, so that a log collector keeps every one whole.
    super(problems.map((problem) => `invalid configuration: ${problem}`).join('\n'));
    this.name = 'EnvError';
  }
}

/**
 * The bootstrap administrator is made at start by the built-in provider with the same check as
 * `switchyard user add`; a value it refuses is a configuration problem, found before anything
 * listens. With IDENTITY_URL the variables are ignored (administrators live in that provider).
 */
const bootstrapAdminProblems = (env: Env): string[] => {
  if (!env.BOOTSTRAP_ADMIN_EMAIL || !env.BOOTSTRAP_ADMIN_PASSWORD || env.IDENTITY_URL) {
    return [];
  }
  const checked = newUserInput.safeParse({
    email: env.BOOTSTRAP_ADMIN_EMAIL,
    password: env.BOOTSTRAP_ADMIN_PASSWORD,
    role: 'platform_admin',
  });

  return checked.success
    ? []
    : checked.error.issues.map(
        (issue) => `${issue.path[0] === 'password' ? 'BOOTSTRAP_ADMIN_PASSWORD' : 'BOOTSTRAP_ADMIN_EMAIL'}: ${issue.message}`,
      );
};

/** Two services given the same port: the second could never listen. 0 (any free port) never clashes. */
const portClashes = (env: Env): string[] => {
  const ports: [string, number | undefined][] = [
    ['CLAIMS_PORT', env.CLAIMS_PORT],
    ['TRANSPORT_PORT', env.TRANSPORT_PORT],
    ['WEBHOOK_PORT', env.WEBHOOK_PORT],
    ['METRICS_PORT', env.METRICS_PORT],
  ];

  return samePortProblems(ports);
};

/** `A and B: both are port N` for every pair of named ports that are equal (and not 0). */
export const samePortProblems = (ports: [string, number | undefined][]): string[] => {
  const problems: string[] = [];
  ports.forEach(([name, port], index) => {
    const earlier = ports.slice(0, index).find(([, other]) => port !== undefined && port !== 0 && other === port);
    if (earlier) {
      problems.push(`${earlier[0]} and ${name}: both are port ${port}; each service needs its own`);
    }
  });

  return problems;
};

/** Parses and checks the environment once; every problem is reported, one line each. */
export const parseEnv = (source: Record<string, string | undefined> = process.env): Env => {
  const result = envSchema.safeParse(source);
  const problems: string[] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      problems.push(`${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    }
    throw new EnvError(problems);
  }
  const env = finish(result.data);
  if (env.isProduction && !env.STAFF_KEY) {
    problems.push('STAFF_KEY: required when NODE_ENV=production');
  }
  if (Boolean(env.CAPTCHA_SECRET) !== Boolean(env.CAPTCHA_VERIFY_URL)) {
    problems.push('CAPTCHA_SECRET and CAPTCHA_VERIFY_URL: set both or neither');
  }
  if (result.data.NODE_ENV === 'production' && result.data.DEMO_TOKENS) {
    problems.push('DEMO_TOKENS: may not be on with NODE_ENV=production');
  }
  if (Boolean(env.BOOTSTRAP_ADMIN_EMAIL) !== Boolean(env.BOOTSTRAP_ADMIN_PASSWORD)) {
    problems.push('BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD: set both or neither');
  }
  problems.push(...bootstrapAdminProblems(env), ...portClashes(env), ...documentStoreEnvProblems(env));
  if (problems.length > 0) {
    throw new EnvError(problems);
  }

  return env;
};

const tracingEnvSchema = z.object({
  /** The OTLP/HTTP base address (the collector's port 4318); `/v1/traces` is appended. Unset: no traces. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  /** The traces address as is, when it is not the base address plus `/v1/traces`. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl,
  /** The exporter speaks OTLP's JSON encoding over HTTP, which every OTLP/HTTP receiver accepts. */
  OTEL_EXPORTER_OTLP_PROTOCOL: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .enum(['http/json', 'http/protobuf'], {
          message: "only OTLP over HTTP is exported (http/json); point it at the collector's OTLP/HTTP port (4318)",
        })
        .optional(),
    ),
  OTEL_SERVICE_NAME: z.string().min(1).max(200).default('switchyard'),
});

/** Where traces go when they are exported. */
export type TracingEnv = { tracesUrl: string; serviceName: string };

/**
 * The tracing settings, read before anything else is loaded (ops/tracing/preload.ts); null when
 * no OTLP address is set, and then nothing of OpenTelemetry is loaded.
 */
export const parseTracingEnv = (source: Record<string, string | undefined> = process.env): TracingEnv | null => {
  const result = tracingEnvSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const { OTEL_EXPORTER_OTLP_ENDPOINT: base, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: traces, OTEL_SERVICE_NAME: serviceName } = result.data;
  if (traces !== undefined) {
    return { tracesUrl: traces, serviceName };
  }

  return base === undefined ? null : { tracesUrl: `${base.replace(/\/+$/, '')}/v1/traces`, serviceName };
};
