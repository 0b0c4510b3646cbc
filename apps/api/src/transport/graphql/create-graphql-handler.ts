import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createYoga } from 'graphql-yoga';
import { createBadRequestPlugin } from '../../graphql-common/bad-request-plugin.ts';
import { GRAPHIQL_CONTENT_SECURITY_POLICY } from '../../graphql-common/graphiql-page.ts';
import { createGuardPlugin } from '../../graphql-common/guard-plugin.ts';
import { maskErrorsWith } from '../../graphql-common/masked-errors.ts';
import { createSuggestionMaskPlugin } from '../../graphql-common/suggestion-mask-plugin.ts';
import { yogaLogger } from '../../graphql-common/yoga-logger.ts';
import type { TransportServices } from '../context.ts';
import { transportErrors } from '../errors.ts';
import { createGraphqlContext, createViewerLookup, isStaffViewer, type GraphqlContext, type ViewerLookup } from './graphql-context.ts';
import { forbiddenError, unauthorizedError } from './graphql-errors.ts';
import { TRANSPORT_GRAPHQL_LIMITS } from './limits.ts';
import { transportGraphqlSchema } from './schema.ts';

type ServerContext = { req: IncomingMessage; res: ServerResponse };

/** No token or an invalid one is 401, a user who is not staff 403; decided before the query is parsed. */
const refusalFor = (viewerOf: ViewerLookup) => async ({ req }: ServerContext) => {
  const viewer = await viewerOf(req);
  if (!viewer) {
    return unauthorizedError();
  }

  return isStaffViewer(viewer) ? null : forbiddenError();
};

/**
 * The read-only reporting endpoint at /graphql of the transport service: graphql-yoga over the
 * Pothos schema, one context (user, entity manager, loaders) per request. Returns a fetch handler.
 */
export const createTransportGraphqlHandler = (services: TransportServices) => {
  const logger = services.logger.child({ endpoint: 'graphql' });
  const development = services.env.NODE_ENV === 'development';
  const viewerOf = createViewerLookup(services);
  const yoga = createYoga<ServerContext, GraphqlContext>({
    schema: transportGraphqlSchema,
    graphqlEndpoint: '/graphql',
    graphiql: development ? { headers: JSON.stringify({ Authorization: 'Bearer ' }) } : false,
    // The GraphiQL page is bundled, not fetched from a CDN: the service works offline.
    renderGraphiQL,
    landingPage: false,
    // Read-only: no uploads, and the web app is served from this origin, so no CORS.
    multipart: false,
    cors: false,
    maxRequestBodySize: TRANSPORT_GRAPHQL_LIMITS.maxBodyBytes,
    logging: yogaLogger(logger),
    context: ({ req }) => createGraphqlContext(services, req, viewerOf),
    maskedErrors: maskErrorsWith(transportErrors.describeForGraphql, logger),
    plugins: [
      createGuardPlugin<ServerContext>(refusalFor(viewerOf)),
      createBadRequestPlugin(),
      ...(services.env.NODE_ENV === 'production' ? [createSuggestionMaskPlugin()] : []),
    ],
  });

  // A fetch handler; its server context is the node { req, res } the context and the guard read.
  return (request: Request, server: ServerContext): Response | Promise<Response> => {
    if (development && request.method === 'GET') {
      server.res.setHeader('Content-Security-Policy', GRAPHIQL_CONTENT_SECURITY_POLICY);
    }

    return yoga.fetch(request, server);
  };
};
