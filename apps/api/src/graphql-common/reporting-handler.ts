import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createYoga } from 'graphql-yoga';
import type { Logger } from '../logger.ts';
import { createBadRequestPlugin } from './bad-request-plugin.ts';
import { GRAPHIQL_CONTENT_SECURITY_POLICY } from './graphiql-page.ts';
import type { GraphQLSchema } from './graphql-js.ts';
import { createGuardPlugin, type RefusalFor } from './guard-plugin.ts';
import { maskErrorsWith, type DescribedFailure } from './masked-errors.ts';
import { GRAPHQL_REQUEST_LIMITS } from './request-limits.ts';
import { createSuggestionMaskPlugin } from './suggestion-mask-plugin.ts';
import { yogaLogger } from './yoga-logger.ts';

export type ReportingServerContext = { req: IncomingMessage; res: ServerResponse };

/** What differs between the facades; everything else about /graphql is the same for both. */
export type ReportingFacade<Context> = {
  schema: GraphQLSchema;
  nodeEnv: 'development' | 'production' | 'test';
  logger: Logger;
  /** The per-request context (entity manager, loaders, caller), built after access was granted. */
  context: (req: IncomingMessage) => Context | Promise<Context>;
  /** Who may read, decided before the query is parsed (see the guard plugin). */
  refusal: RefusalFor<ReportingServerContext>;
  /** The service's own error mapping: a resolver's domain error keeps its code. */
  describeError: (error: unknown) => DescribedFailure;
  /** The credential header GraphiQL offers to fill in, in development. */
  graphiqlHeaders: Record<string, string>;
};

/**
 * The read-only reporting endpoint at /graphql of a service: graphql-yoga over its Pothos schema,
 * one context per request. One status policy for both facades: a request the server cannot run
 * (not a GraphQL request, a document that does not parse or validate, a mutation) answers 400
 * whatever the Accept header; a bad argument is a field error beside the data (200). Returns a fetch
 * handler whose server context is the node { req, res } the context and the guard read.
 */
export const createReportingHandler = <Context extends Record<string, unknown>>(facade: ReportingFacade<Context>) => {
  const logger = facade.logger.child({ endpoint: 'graphql' });
  const development = facade.nodeEnv === 'development';
  const yoga = createYoga<ReportingServerContext, Context>({
    schema: facade.schema,
    graphqlEndpoint: '/graphql',
    graphiql: development ? { headers: JSON.stringify(facade.graphiqlHeaders) } : false,
    // The GraphiQL page is bundled, not fetched from a CDN: the service works offline.
    renderGraphiQL,
    landingPage: false,
    // Read-only: no uploads, and the web app is served from this origin, so no CORS.
    multipart: false,
    cors: false,
    maxRequestBodySize: GRAPHQL_REQUEST_LIMITS.maxBodyBytes,
    logging: yogaLogger(logger),
    context: ({ req }) => facade.context(req),
    maskedErrors: maskErrorsWith(facade.describeError, logger),
    plugins: [
      createGuardPlugin<ReportingServerContext>(facade.refusal),
      createBadRequestPlugin(),
      ...(facade.nodeEnv === 'production' ? [createSuggestionMaskPlugin()] : []),
    ],
  });

  return (request: Request, server: ReportingServerContext): Response | Promise<Response> => {
    if (development && request.method === 'GET') {
      server.res.setHeader('Content-Security-Policy', GRAPHIQL_CONTENT_SECURITY_POLICY);
    }

    return yoga.fetch(request, server);
  };
};
