import type { IncomingMessage, ServerResponse } from 'node:http';
import { LIMITS } from '@switchyard/domain/claims/limits';
import { DomainError } from '@switchyard/domain/errors';
import { createRestHandler } from '@switchyard/rest-adapter/create-rest-handler';
import { buildOpenApiDocument } from '@switchyard/rest-adapter/openapi';
import { sendJson } from '@switchyard/rest-adapter/send-json';
import { MAGIC_BYTES_NEEDED } from '@switchyard/domain/claims/upload-rules';
import { recordEmailFailure } from '@switchyard/db/claims/claim-changes';
import type { Database } from '@switchyard/db/orm';
import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';
import { callProcedureAt } from '../http/call-procedure.ts';
import { applySecurityHeaders, arrivedOverHttps } from '../http/security-headers.ts';
import { createStaticHandler } from '../http/serve-static.ts';
import { streamFile } from '../http/stream-file.ts';
import { startHttpServer, type RunningServer } from '../http/start-http-server.ts';
import { createTrpcHttpHandler } from '../http/create-trpc-http-handler.ts';
import { restRoutesOf } from '../http/rest-routes-of-router.ts';
import { createApiReferenceHandler } from '../http/api-reference.ts';
import { createReadiness, type Readiness } from '../ops/readiness.ts';
import type { Metrics } from '../ops/metrics/metrics.ts';
import { nameRoute } from '../http/request-context.ts';
import { MAX_JSON_BYTES } from '../http/max-json-bytes.ts';
import { createCaptchaVerifier } from './captcha.ts';
import { resolveStaffKey } from './staff-key.ts';
import { createClaimsContext, type ClaimsServices } from './context.ts';
import { claimsErrors } from './errors.ts';
import { createGraphqlHandler } from './graphql/create-graphql-handler.ts';
import { CLAIMS_MAIL_SOURCE, createClaimsMailer } from './mail/claims-mailer.ts';
import { startOutboxWorker } from '../mail/outbox-worker.ts';
import { createMailTransport } from '../mail/mail-transport.ts';
import { PARTIAL_UPLOAD_GRACE_MS, sweepPartialUploads } from './sweep-partial-uploads.ts';
import { createDocumentStore } from './document-store/create-document-store.ts';
import type { DocumentStore } from './document-store/document-store.ts';
import { claimsRouter } from './router.ts';
import { createCallerFactory } from './trpc.ts';


export type ClaimsService = {
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  services: ClaimsServices;
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
        await recordEmailFailure(db.em, { claimId: mail.reference, cause, now: now() });
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

  /** Every documented path, as the procedures declare them (`meta.rest`). */
  const restRoutes = restRoutesOf(claimsRouter);
  const createCaller = createCallerFactory(claimsRouter);
  const callProcedure = (ctx: ReturnType<typeof createClaimsContext>, path: string, input: unknown) =>
    callProcedureAt(createCaller(ctx), path, input);

  const toErrorResponse = claimsErrors.answerWith(logger);

  const rest = createRestHandler({
    routes: restRoutes,
    createContext: (req, restTransport) => createClaimsContext(services, req, restTransport),
    call: callProcedure,
    toErrorResponse,
    onMatch: (template) => nameRoute(template),
    maxJsonBytes: MAX_JSON_BYTES,
    multipart: {
      sink: services.documents,
      maxFileBytes: LIMITS.uploadBytes,
      fileField: 'file',
      allowedFields: ['client_visible'],
      headBytes: MAGIC_BYTES_NEEDED,
    },
    streamFile,
  });

  const trpc = createTrpcHttpHandler({ router: claimsRouter, createContext: (req) => createClaimsContext(services, req), errors: claimsErrors, logger });

  const openApi = buildOpenApiDocument(
    { title: 'switchyard claim recovery portal', version: '1.0.0', description: 'Claim intake, client portal and staff API.' },
    restRoutes,
    {
      schemeFor: { client: 'session', staff: 'staffKey' },
      schemes: {
        session: { type: 'http', scheme: 'bearer', description: 'Session token from POST /api/auth/verify' },
        staffKey: { type: 'apiKey', in: 'header', name: 'X-Staff-Key' },
      },
    },
    { statusOf: claimsErrors.statusOf, schema: claimsErrors.envelope.schema },
  );
  const apiReference = createApiReferenceHandler('switchyard claim recovery portal');
  const serveSpa = env.WEB_DIST_DIR ? createStaticHandler(env.WEB_DIST_DIR) : null;
  const graphql = createGraphqlHandler(services);

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    applySecurityHeaders(res, env.isProduction);
    if (env.isProduction && !arrivedOverHttps(req, env.TRUST_PROXY)) {
      claimsErrors.send(res, toErrorResponse(new DomainError('forbidden', 'This service is only available over HTTPS.')));

      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname.startsWith('/trpc/')) {
      // Procedure names come from the caller: one label for all of them keeps the series bounded.
      nameRoute('/trpc/{procedure}');
      trpc(req, res);

      return;
    }
    if (pathname === '/graphql') {
      nameRoute('/graphql');
      if (env.NODE_ENV === 'development' && req.method === 'GET') {
        // The development-only GraphiQL page is one HTML file with inline script and styles.
        res.setHeader('Content-Security-Policy', "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:");
      }
      await graphql(req, res);

      return;
    }
    if (pathname === '/api/openapi.json' && req.method === 'GET') {
      nameRoute('/api/openapi.json');
      sendJson(res, 200, openApi);

      return;
    }
    if (await apiReference(req, res, pathname)) {
      nameRoute('/api/docs');

      return;
    }
    if (await rest(req, res)) {
      return;
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      claimsErrors.send(res, toErrorResponse(new DomainError('not_found', `Nothing is served at ${pathname}.`)));

      return;
    }
    if (serveSpa && (await serveSpa(req, res))) {
      nameRoute('(web app)');

      return;
    }
    claimsErrors.send(res, toErrorResponse(new DomainError('not_found', 'Not found.')));
  };

  return {
    handle: (req, res) => {
      route(req, res).catch((error: unknown) => {
        // Logged by the layer when unexpected; a response already under way is cut off.
        claimsErrors.send(res, toErrorResponse(error));
      });
    },
    services,
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
      await server.close(graceMs);
      await service.close();
    },
  };
};
