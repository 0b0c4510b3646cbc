import type { IncomingMessage, ServerResponse } from 'node:http';
import { LIMITS } from '@switchyard/domain/claims/limits';
import { MAGIC_BYTES_NEEDED } from '@switchyard/domain/claims/upload-rules';
import { recordEmailFailure } from '@switchyard/db/claims/claim-changes';
import type { Database } from '@switchyard/db/orm';
import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';
import { createServiceApp } from '../http/create-service-app.ts';
import { startHttpServer, type RunningServer } from '../http/start-http-server.ts';
import { createReadiness, type Readiness } from '../ops/readiness.ts';
import type { Metrics } from '../ops/metrics/metrics.ts';
import { createCaptchaVerifier } from './captcha.ts';
import { resolveStaffKey } from './staff-key.ts';
import { createClaimsContext, type ClaimsServices } from './context.ts';
import { claimsErrors } from './errors.ts';
import { createClaimsGraphqlHandler } from './graphql/facade.ts';
import { CLAIMS_MAIL_SOURCE, createClaimsMailer } from './mail/claims-mailer.ts';
import { startOutboxWorker, type OutboxWorker } from '../mail/outbox-worker.ts';
import { createMailTransport } from '../mail/mail-transport.ts';
import { PARTIAL_UPLOAD_GRACE_MS, sweepPartialUploads } from './sweep-partial-uploads.ts';
import { createDocumentStore } from './document-store/create-document-store.ts';
import type { DocumentStore } from './document-store/document-store.ts';
import { claimsRetentionSteps, CLAIMS_RETENTION_LOCK_KEY, retentionSettings } from '../retention/service-retention.ts';
import { startRetentionSweep } from '../retention/retention-sweep.ts';
import { claimsRouter } from './router.ts';
import { createCallerFactory } from './trpc.ts';

export type ClaimsService = {
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  services: ClaimsServices;
  /** The claims mail outbox's worker (tests step it with `runOnce()`). */
  mailOutbox: OutboxWorker;
  close(): Promise<void>;
};

export const createClaimsService = (options: {
  env: Env;
  db: Database;
  logger: Logger;
  now?: () => Date;
  staffKey?: string;
  metrics?: Metrics;
}): ClaimsService => {
  const { env, db } = options;
  const logger = options.logger.child({ service: 'claims' });
  const transport = createMailTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.MAIL_DIR, logger });
  const now = options.now ?? (() => new Date());
  const outbox = startOutboxWorker({
    source: CLAIMS_MAIL_SOURCE,
    db,
    transport,
    logger,
    now,
    // As decided for failed email: logged (by the worker) and recorded on the claim's audit trail.
    onGiveUp: async (mail, cause) => {
      if (mail.reference) {
        // The outbox worker's hook runs outside any request: a fork of its own, as every unit of a worker's work.
        await recordEmailFailure(db.fork(), { claimId: mail.reference, cause, now: now() });
      }
    },
  });
  const services: ClaimsServices = {
    env,
    db,
    logger,
    metrics: options.metrics,
    now,
    staffKey: options.staffKey ?? resolveStaffKey(env, logger).key,
    documents: createDocumentStore(env),
    captcha: createCaptchaVerifier({ secret: env.CAPTCHA_SECRET, verifyUrl: env.CAPTCHA_VERIFY_URL }),
    mailer: createClaimsMailer({ db, teamEmail: env.TEAM_EMAIL, portalUrl: env.PORTAL_URL, logger, now, wake: outbox.wake }),
  };

  const shell = createServiceApp({
    logger,
    isProduction: env.isProduction,
    trustProxy: env.TRUST_PROXY,
    errors: claimsErrors,
    router: claimsRouter,
    createCaller: createCallerFactory(claimsRouter),
    createContext: (req, restTransport) => createClaimsContext(services, req, restTransport ?? undefined),
    graphql: createClaimsGraphqlHandler(services),
    tenantPrefix: false,
    multipart: {
      sink: services.documents,
      maxFileBytes: LIMITS.uploadBytes,
      fileField: 'file',
      allowedFields: ['client_visible'],
      headBytes: MAGIC_BYTES_NEEDED,
    },
    openApi: {
      info: { title: 'switchyard claim recovery portal', version: '1.0.0', description: 'Claim intake, client portal and staff API.' },
      security: {
        schemeFor: { client: 'session', staff: 'staffKey' },
        schemes: {
          session: { type: 'http', scheme: 'bearer', description: 'Session token from POST /api/auth/verify' },
          staffKey: { type: 'apiKey', in: 'header', name: 'X-Staff-Key' },
        },
      },
    },
    web: { dir: env.WEB_DIST_DIR, page: 'index.html' },
    apiPath: /^\/api(\/|$)/,
    notFoundMessage: (pathname) => (/^\/api(\/|$)/.test(pathname) ? `Nothing is served at ${pathname}.` : 'Not found.'),
  });

  return {
    handle: (req, res) => void shell.handle(req, res),
    services,
    mailOutbox: outbox,
    close: async () => {
      await outbox.stop();
      transport.close();
    },
  };
};

/** Runs the partial-upload sweep now and then every few minutes; a failure is logged, never fatal. */
const startUploadSweeps = async (options: { db: Database; store: DocumentStore; logger: Logger }) => {
  const sweep = (graceMs: number) =>
    sweepPartialUploads({ ...options, graceMs }).catch((error: unknown) => {
      options.logger.warn({ err: error }, 'sweeping interrupted uploads failed');
    });
  // The embedded database has one owner, so at start no upload can be under way anywhere; a
  // server database may be shared by processes whose uploads are still arriving.
  await sweep(options.db.kind === 'pglite' ? 0 : PARTIAL_UPLOAD_GRACE_MS);
  const timer = setInterval(() => void sweep(PARTIAL_UPLOAD_GRACE_MS), 10 * 60_000);
  timer.unref();

  return { stop: () => clearInterval(timer) };
};

export const startClaimsService = async (
  options: Parameters<typeof createClaimsService>[0] & { readiness?: Readiness },
): Promise<RunningServer & { service: ClaimsService }> => {
  const service = createClaimsService(options);
  const uploadSweeps = await startUploadSweeps({ db: options.db, store: service.services.documents, logger: service.services.logger });
  const retention = startRetentionSweep({
    name: 'claims',
    lockKey: CLAIMS_RETENTION_LOCK_KEY,
    db: options.db,
    settings: retentionSettings(options.env),
    steps: claimsRetentionSteps(options.db, service.services.documents),
    clock: { now: () => service.services.now().getTime() },
    logger: service.services.logger,
  });
  const server = await startHttpServer({
    name: 'claims',
    host: options.env.HOST,
    port: options.env.CLAIMS_PORT,
    handler: service.handle,
    logger: options.logger,
    readiness: options.readiness ?? createReadiness(options.db),
    metrics: options.metrics,
  });

  return {
    ...server,
    service,
    close: async (graceMs?: number) => {
      uploadSweeps.stop();
      await retention.stop();
      await server.close(graceMs);
      await service.close();
    },
  };
};
