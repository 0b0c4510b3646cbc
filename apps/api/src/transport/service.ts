import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '@switchyard/db/orm';
import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';
import { createServiceApp } from '../http/create-service-app.ts';
import { startHttpServer, type RunningServer } from '../http/start-http-server.ts';
import { createReadiness, type Readiness } from '../ops/readiness.ts';
import type { Metrics } from '../ops/metrics/metrics.ts';
import { createMailTransport } from '../mail/mail-transport.ts';
import { startOutboxWorker } from '../mail/outbox-worker.ts';
import { recordTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import { createLiveHub } from './live/live-hub.ts';
import { createGeocoder } from './operations/geocode/geocoder.ts';
import { createInProcessFeed, createPositionFeed, type PositionFeed } from './live/position-feed.ts';
import { TRANSPORT_MAIL_SOURCE } from './live/trip-progress.ts';
import { IDENTITY_MAIL_SOURCE } from './identity/identity-mail.ts';
import { createTransportContext, type TransportServices } from './context.ts';
import { transportErrors } from './errors.ts';
import { createTransportGraphqlHandler } from './graphql/facade.ts';
import { ensureBootstrapAdmin } from './identity/bootstrap-admin.ts';
import { seedDemoData } from './seed-demo-data.ts';
import { mountBuiltinIdentity } from './identity/builtin-provider.ts';
import { createIdentityClient, type IdentityClient } from './identity/identity-client.ts';
import { createBuiltinTokenCheck } from './identity/builtin-token-check.ts';
import { isOwnLoopbackCall } from './identity/own-call.ts';
import { TRANSPORT_RETENTION_LOCK_KEY, retentionSettings, transportRetentionSteps } from '../retention/service-retention.ts';
import { startRetentionSweep } from '../retention/retention-sweep.ts';
import { transportRouter } from './router.ts';
import { createCallerFactory } from './trpc.ts';

/** Paths that belong to the API or the identity provider; the web app never answers them. */
const API_PATH = /^\/(api|auth\/v1|trpc)(\/|$)/;

/** The transport web app's page in the shared build (see docs/web-app.md). */
const TRANSPORT_PAGE = 'transport.html';

export type TransportService = {
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  services: TransportServices;
  /** Tells the identity client where this service listens (the built-in provider lives here). */
  setOwnUrl(url: string): void;
  /** Ends the open live streams, so stopping the server does not wait for viewers to leave. */
  endStreams(): void;
  close(): Promise<void>;
};

export const createTransportService = (options: {
  env: Env;
  db: Database;
  logger: Logger;
  now?: () => Date;
  feed?: PositionFeed;
}): TransportService => {
  const { env, db } = options;
  const logger = options.logger.child({ service: 'transport' });
  let ownUrl = `http://${env.HOST}:${env.TRANSPORT_PORT}`;
  const identityServiceKey = env.IDENTITY_SERVICE_KEY ?? randomBytes(32).toString('base64url');
  const mail = createMailTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.MAIL_DIR, logger });
  const now = options.now ?? (() => new Date());
  // With the built-in provider the token of every signed-in request is checked in process; its
  // other calls (sign-in, links, invitations) still go over HTTP, as they would to GoTrue.
  const withBuiltinTokenCheck = (client: IdentityClient): IdentityClient =>
    env.IDENTITY_URL ? client : { ...client, getUser: createBuiltinTokenCheck(db, now) };
  // Late notices go through the durable outbox: written with the notice, sent after, retried.
  const outbox = startOutboxWorker({
    source: TRANSPORT_MAIL_SOURCE,
    db,
    transport: mail,
    logger,
    now,
    onGiveUp: async (failed, cause) => {
      const tenantId = failed.reference?.split('/')[0] ?? null;
      // The outbox worker's hook runs outside any request: a fork of its own, as every unit of a worker's work.
      await recordTransportAudit(db.fork(), {
        tenantId,
        actor: 'system',
        action: 'mail.failed',
        resource: `mail:${failed.kind}`,
        details: { reference: failed.reference, cause },
        at: now(),
      });
    },
  });
  const feed = options.feed ?? createInProcessFeed(logger);
  const services: TransportServices = {
    env,
    db,
    logger,
    mail,
    identityServiceKey,
    now,
    live: createLiveHub(feed, env.TRANSPORT_LIVE_KEEPALIVE_MS, env.TRANSPORT_LIVE_WINDOW_MS),
    wakeMail: () => outbox.wake(),
    geocoder: createGeocoder(env, now),
    identity: withBuiltinTokenCheck(
      createIdentityClient({
        baseUrl: () => env.IDENTITY_URL ?? ownUrl,
        apiKey: env.IDENTITY_API_KEY,
        serviceKey: identityServiceKey,
        timeoutMs: env.TRANSPORT_HTTP_TIMEOUT_MS,
        logger,
      }),
    ),
  };

  // The built-in provider's reset and invitation mails; an outside provider sends its own.
  const identityMail = env.IDENTITY_URL
    ? null
    : startOutboxWorker({
        source: IDENTITY_MAIL_SOURCE,
        db,
        transport: mail,
        logger,
        now: services.now,
        // The worker has logged it; the person asks for a new link, so nothing else is kept.
        onGiveUp: async () => {},
      });
  const builtinIdentity = identityMail
    ? mountBuiltinIdentity({
        db,
        apiKey: env.IDENTITY_API_KEY,
        serviceKey: identityServiceKey,
        trustProxy: env.TRUST_PROXY,
        now: services.now,
        logger,
        publicUrl: env.TRANSPORT_PUBLIC_URL,
        wakeMail: identityMail.wake,
      })
    : null;

  const shell = createServiceApp({
    logger,
    isProduction: env.isProduction,
    trustProxy: env.TRUST_PROXY,
    errors: transportErrors,
    imageSource: env.MAP_TILE_URL?.imageSource,
    ...(builtinIdentity ? { before: { prefix: '/auth/v1/', mount: builtinIdentity, plainHttpAllowed: isOwnLoopbackCall } } : {}),
    router: transportRouter,
    createCaller: createCallerFactory(transportRouter),
    createContext: (req, restTransport, tenant) => createTransportContext(services, req, tenant, restTransport ?? undefined),
    graphql: createTransportGraphqlHandler(services),
    tenantPrefix: true,
    // Public tenant resolution reads ?tenant= or ?slug= on any path (see context.ts).
    contextQueryParams: ['tenant', 'slug'],
    openApi: {
      info: { title: 'switchyard school transport', version: '1.0.0', description: 'Multi-tenant school transport API.' },
      security: {
        schemeFor: { tenant: 'accessToken', admin: 'accessToken', impersonation: 'impersonationToken' },
        schemes: {
          accessToken: { type: 'http', scheme: 'bearer', description: 'Access token from POST /api/auth/login (the identity provider)' },
          impersonationToken: { type: 'http', scheme: 'bearer', description: 'Token from POST /api/ops/assume-identity, valid 15 minutes' },
        },
      },
    },
    web: { dir: env.WEB_DIST_DIR, page: TRANSPORT_PAGE },
    apiPath: API_PATH,
    notFoundMessage: () => 'Not Found',
  });

  return {
    handle: (req, res) => void shell.handle(req, res),
    services,
    setOwnUrl: (url) => {
      ownUrl = url;
    },
    endStreams: () => services.live.endAll(),
    close: async () => {
      services.live.endAll();
      await outbox.stop();
      await feed.close();
      await identityMail?.stop();
      mail.close();
    },
  };
};

export const startTransportService = async (
  options: Parameters<typeof createTransportService>[0] & { readiness?: Readiness; metrics?: Metrics },
): Promise<RunningServer & { service: TransportService }> => {
  await ensureBootstrapAdmin({ env: options.env, db: options.db, logger: options.logger.child({ service: 'transport' }) });
  if (options.env.SEED_DEMO) {
    await seedDemoData({ db: options.db, logger: options.logger.child({ service: 'transport' }), now: options.now?.() ?? new Date() });
  }
  const feed = options.feed ?? (await createPositionFeed(options.db, options.logger.child({ service: 'transport' })));
  const service = createTransportService({ ...options, feed });
  const server = await startHttpServer({
    name: 'transport',
    host: options.env.HOST,
    port: options.env.TRANSPORT_PORT,
    handler: service.handle,
    logger: options.logger,
    readiness: options.readiness ?? createReadiness(options.db),
    metrics: options.metrics,
  });
  service.setOwnUrl(server.url);
  const retention = startRetentionSweep({
    name: 'transport',
    lockKey: TRANSPORT_RETENTION_LOCK_KEY,
    db: options.db,
    settings: retentionSettings(options.env),
    steps: transportRetentionSteps(options.db),
    clock: { now: () => service.services.now().getTime() },
    logger: options.logger.child({ service: 'transport' }),
  });

  return {
    ...server,
    service,
    close: async (graceMs?: number) => {
      service.endStreams();
      await retention.stop();
      await server.close(graceMs);
      await service.close();
    },
  };
};
