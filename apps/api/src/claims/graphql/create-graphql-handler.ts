import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createYoga } from 'graphql-yoga';
import { GRAPHIQL_CONTENT_SECURITY_POLICY } from '../../graphql-common/graphiql-page.ts';
import { createGuardPlugin } from '../../graphql-common/guard-plugin.ts';
import { maskErrorsWith } from '../../graphql-common/masked-errors.ts';
import { createSuggestionMaskPlugin } from '../../graphql-common/suggestion-mask-plugin.ts';
import { yogaLogger } from '../../graphql-common/yoga-logger.ts';
import type { ClaimsServices } from '../context.ts';
import { claimsErrors } from '../errors.ts';
import { createGraphqlContext, hasStaffKey, type GraphqlContext } from './graphql-context.ts';
import { forbiddenError } from './graphql-errors.ts';
import { GRAPHQL_LIMITS } from './limits.ts';
import { claimsGraphqlSchema } from './schema.ts';

type ServerContext = { req: IncomingMessage; res: ServerResponse };

/**
 * The read-only reporting endpoint at /graphql: graphql-yoga over the Pothos schema, one context
 * (entity manager and loaders) per request. Returns a fetch handler.
 */
export const createGraphqlHandler = (services: ClaimsServices) => {
  const logger = services.logger.child({ endpoint: 'graphql' });
  const yoga = createYoga<ServerContext, GraphqlContext>({
    schema: claimsGraphqlSchema,
    graphqlEndpoint: '/graphql',
    graphiql: services.env.NODE_ENV === 'development' ? { headers: JSON.stringify({ 'X-Staff-Key': '' }) } : false,
    // The GraphiQL page is bundled, not fetched from a CDN: the service works offline.
    renderGraphiQL,
    landingPage: false,
    // Read-only: no uploads, and the staff console is served from this origin, so no CORS.
    multipart: false,
    cors: false,
    maxRequestBodySize: GRAPHQL_LIMITS.maxBodyBytes,
    logging: yogaLogger(logger),
    context: ({ req }) => createGraphqlContext(services, req),
    maskedErrors: maskErrorsWith(claimsErrors.describeForGraphql, logger),
    // The key is checked before the query is parsed: without it nothing of the schema is learned.
    plugins: [
      createGuardPlugin<ServerContext>(({ req }) => (hasStaffKey(services, req) ? null : forbiddenError())),
      ...(services.env.NODE_ENV === 'production' ? [createSuggestionMaskPlugin()] : []),
    ],
  });

  // A fetch handler; its server context is the node { req, res } the context and the guard read.
  return (request: Request, server: ServerContext): Response | Promise<Response> => {
    if (services.env.NODE_ENV === 'development' && request.method === 'GET') {
      server.res.setHeader('Content-Security-Policy', GRAPHIQL_CONTENT_SECURITY_POLICY);
    }

    return yoga.fetch(request, server);
  };
};
