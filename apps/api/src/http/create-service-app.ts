import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import { Hono, type Context } from 'hono';
import { DomainError } from '@switchyard/domain/errors';
import { createRestHandler, type RestHandlerOptions, type RestTransport } from '@switchyard/rest-adapter/create-rest-handler';
import { buildOpenApiDocument } from '@switchyard/rest-adapter/openapi';
import { sendJson } from '@switchyard/rest-adapter/send-json';
import type { Logger } from '../logger.ts';
import { createApiReferenceHandler } from './api-reference.ts';
import { callProcedureAt } from './call-procedure.ts';
import type { ErrorLayer } from './error-layer.ts';
import { MAX_JSON_BYTES } from './max-json-bytes.ts';
import { currentRequest, nameRoute } from './request-context.ts';
import { restRoutesOf } from './rest-routes-of-router.ts';
import { applySecurityHeaders, arrivedOverHttps } from './security-headers.ts';
import { createStaticHandler } from './serve-static.ts';
import { streamFile } from './stream-file.ts';
import { createTrpcHandler } from './create-trpc-handler.ts';

/** What every handler of a service reads of a request in the context, typed. */
export type ServiceVariables = {
  /** The tenant a `/{tenant}/api/...` path names (lower case), else null. */
  tenant: string | null;
};

export type ServiceEnv = { Bindings: HttpBindings; Variables: ServiceVariables };
export type ServiceContext = Context<ServiceEnv>;

/** A handler of the fetch API, given the node request and response for the context it builds. */
export type FetchHandler = (request: Request, server: { req: IncomingMessage; res: ServerResponse }) => Response | Promise<Response>;

/** `/{tenant}/api/...` is the same API for one tenant: the segment becomes a tenant hint. */
const TENANT_PREFIX = /^\/([a-z0-9][a-z0-9-]*)(\/api(?:\/.*)?)$/i;

export type ServiceAppConfig<TRouter extends AnyTRPCRouter> = {
  logger: Logger;
  isProduction: boolean;
  trustProxy: boolean;
  errors: ErrorLayer;
  /** Where the map's tile images come from, the one outside origin the security policy names. */
  imageSource?: string | undefined;
  /**
   * Routes mounted first, under `prefix` (the built-in identity provider): in production they are
   * reached over plain HTTP too when `plainHttpAllowed` says so, every other path never.
   */
  before?: { prefix: string; mount: (app: Hono<ServiceEnv>) => void; plainHttpAllowed: (req: IncomingMessage) => boolean };
  router: TRouter;
  createCaller: (ctx: inferRouterContext<TRouter>) => unknown;
  /** The procedure context of a request: `rest` on the REST paths (uploads, file answers), `tenant` from the path. */
  createContext: (
    req: IncomingMessage,
    rest: RestTransport | null,
    tenant: string | null,
  ) => inferRouterContext<TRouter> | Promise<inferRouterContext<TRouter>>;
  graphql: FetchHandler;
  /** Paths under `/api` may start with `/{tenant}`, which the handlers read as the `tenant` variable. */
  tenantPrefix: boolean;
  /** Query parameters any path accepts because the context reads them itself. */
  contextQueryParams?: readonly string[];
  multipart?: RestHandlerOptions<unknown, unknown>['multipart'];
  openApi: {
    info: Parameters<typeof buildOpenApiDocument>[0];
    security: Parameters<typeof buildOpenApiDocument>[2];
  };
  /** The built web app and the page this service answers for client-side routes. */
  web: { dir: string | undefined; page: string };
  /** Paths the web app never answers: their absence is the API's not_found. */
  apiPath: RegExp;
  notFoundMessage: (pathname: string) => string;
};

/**
 * The HTTP shell of a service: the pieces every service mounts, in one order, from its
 * configuration. Security headers on every answer; in production, plain HTTP refused (the
 * `before` routes decide for themselves); `/trpc/*`, `/graphql`, the OpenAPI document and its
 * reference page, the REST paths the procedures declare, then the web app. Every failure not
 * answered on the way goes through the service's error layer. Bodies are read by the handler that
 * needs them, from the node request, so uploads and event streams are never buffered whole.
 * Request ids, access lines, metrics, probes and the drain wrap this in start-http-server.ts.
 */
export const createServiceApp = <TRouter extends AnyTRPCRouter>(config: ServiceAppConfig<TRouter>) => {
  const { errors } = config;
  const toErrorResponse = errors.answerWith(config.logger);
  const routes = restRoutesOf(config.router);
  const rest = createRestHandler<inferRouterContext<TRouter>, string | null>({
    routes,
    createContext: (req, transport, tenant) => config.createContext(req, transport, tenant),
    call: (ctx, path, input) => callProcedureAt(config.createCaller(ctx), path, input),
    toErrorResponse,
    // A request under /{tenant}/api is the same route for every tenant: one series, the tenant apart.
    onMatch: (template, tenant) => nameRoute(tenant === null ? template : `/{tenant}${template}`),
    maxJsonBytes: MAX_JSON_BYTES,
    streamFile,
    ...(config.multipart ? { multipart: config.multipart } : {}),
    ...(config.contextQueryParams ? { contextQueryParams: config.contextQueryParams } : {}),
  });
  const trpc = createTrpcHandler({
    router: config.router,
    createContext: (req) => config.createContext(req, null, null),
    errors,
    logger: config.logger,
  });
  const openApi = buildOpenApiDocument(config.openApi.info, routes, config.openApi.security, {
    statusOf: errors.statusOf,
    schema: errors.envelope.schema,
  });
  const apiReference = createApiReferenceHandler(config.openApi.info.title);
  const serveWeb = config.web.dir ? createStaticHandler(config.web.dir, config.web.page) : null;

  const refuse = (c: ServiceContext, error: unknown) => {
    errors.send(c.env.outgoing, toErrorResponse(error));

    return RESPONSE_ALREADY_SENT;
  };

  const app = new Hono<ServiceEnv>();
  app.use(async (c, next) => {
    applySecurityHeaders(c.env.outgoing, config.isProduction, config.imageSource ? { imageSource: config.imageSource } : {});
    c.set('tenant', null);
    const { before } = config;
    const reachesBefore = (req: IncomingMessage) =>
      before !== undefined && (req.url ?? '').startsWith(before.prefix) && before.plainHttpAllowed(req);
    if (config.isProduction && !arrivedOverHttps(c.env.incoming, config.trustProxy) && !reachesBefore(c.env.incoming)) {
      return refuse(c, new DomainError('forbidden', 'This service is only available over HTTPS.'));
    }
    await next();
  });
  config.before?.mount(app);
  app.all('/trpc/*', async (c, next) => {
    if (!(c.env.incoming.url ?? '').startsWith('/trpc/')) {
      return next();
    }
    // Procedure names come from the caller: one label for all of them keeps the series bounded.
    nameRoute('/trpc/{procedure}');

    return trpc(c.env.incoming, c.env.outgoing);
  });
  app.all('/graphql', (c) => {
    nameRoute('/graphql');

    return config.graphql(c.req.raw, { req: c.env.incoming, res: c.env.outgoing });
  });
  app.all('*', async (c) => {
    const { incoming: req, outgoing: res } = c.env;
    const url = new URL(req.url ?? '/', 'http://localhost');
    let pathname = url.pathname;
    const prefixed = config.tenantPrefix ? TENANT_PREFIX.exec(pathname) : null;
    if (prefixed?.[1] && prefixed[2] && prefixed[1].toLowerCase() !== 'api') {
      const tenant = prefixed[1].toLowerCase();
      c.set('tenant', tenant);
      const context = currentRequest();
      if (context) {
        context.tenant = tenant;
      }
      pathname = prefixed[2];
    }
    if (pathname === '/api/openapi.json' && req.method === 'GET') {
      nameRoute('/api/openapi.json');
      sendJson(res, 200, openApi);

      return RESPONSE_ALREADY_SENT;
    }
    if (await apiReference(req, res, pathname)) {
      nameRoute('/api/docs');

      return RESPONSE_ALREADY_SENT;
    }
    if (await rest(req, res, { path: pathname, hint: c.get('tenant') })) {
      return RESPONSE_ALREADY_SENT;
    }
    if (serveWeb && !config.apiPath.test(pathname) && (await serveWeb(req, res))) {
      nameRoute('(web app)');

      return RESPONSE_ALREADY_SENT;
    }

    return refuse(c, new DomainError('not_found', config.notFoundMessage(pathname)));
  });
  // Logged by the layer when unexpected; a response already under way is cut off.
  app.onError((error, c) => refuse(c, error));

  return {
    app,
    /** The node request listener of the app. */
    handle: getRequestListener(app.fetch) as (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  };
};
