import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLError } from './graphql-js.ts';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createYoga, isAsyncIterable, type Plugin, type YogaLogger } from 'graphql-yoga';
import type { Logger } from '../../logger.ts';
import type { ClaimsServices } from '../context.ts';
import { describeError } from '../errors.ts';
import { createGraphqlContext, type GraphqlContext } from './graphql-context.ts';
import { forbiddenError } from './graphql-errors.ts';
import { asksForIntrospection, depthLimitRule, estimateCost, GRAPHQL_LIMITS } from './limits.ts';
import { claimsGraphqlSchema } from './schema.ts';

type ServerContext = { req: IncomingMessage; res: ServerResponse };

/** Depth is checked while validating; cost needs the variables, so it is checked just before execution. */
const limitsPlugin: Plugin<GraphqlContext> = {
  onValidate: ({ addValidationRule }) => {
    addValidationRule(depthLimitRule(GRAPHQL_LIMITS.maxDepth));
  },
  onExecute: ({ args, setResultAndStopExecution }) => {
    const context = args.contextValue as GraphqlContext;
    if (!context.isStaff) {
      // Field scopes refuse every data field; the schema itself is refused here, where it is asked for.
      if (asksForIntrospection(args.document, args.operationName)) {
        setResultAndStopExecution({ errors: [forbiddenError()] });

        return undefined;
      }

      // A nullable root field answers null beside its error; without the key no data goes out at all.
      return {
        onExecuteDone: ({ result, setResult }) => {
          if (isAsyncIterable(result)) {
            return;
          }
          setResult({ data: null, errors: result.errors ?? [forbiddenError()] });
        },
      };
    }
    const estimate = estimateCost({
      schema: args.schema,
      document: args.document,
      operationName: args.operationName,
      variables: args.variableValues,
    });
    if (estimate > GRAPHQL_LIMITS.maxCost) {
      setResultAndStopExecution({
        errors: [
          new GraphQLError(
            `The query's estimated cost is ${estimate}; at most ${GRAPHQL_LIMITS.maxCost} is allowed. Ask for smaller pages or fewer nested lists.`,
            { extensions: { code: 'query_too_costly', cost: estimate, maxCost: GRAPHQL_LIMITS.maxCost, http: { status: 400 } } },
          ),
        ],
      });
    }
  },
};

/** Yoga's own messages go to the service log; they never carry request headers, so never the staff key. */
const yogaLogger = (logger: Logger): YogaLogger => {
  const line = (args: unknown[]) => (typeof args[0] === 'string' ? args[0] : 'graphql');
  const err = (args: unknown[]) => args.find((arg) => arg instanceof Error);

  return {
    debug: (...args) => logger.debug(line(args)),
    info: (...args) => logger.info(line(args)),
    warn: (...args) => logger.warn({ err: err(args) }, line(args)),
    error: (...args) => logger.error({ err: err(args) }, line(args)),
  };
};

/**
 * The read-only reporting endpoint at /graphql: graphql-yoga over the Pothos schema, one context
 * (entity manager and loaders) per request. Returns a node request handler.
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
    maskedErrors: {
      maskError: (error) => {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (error instanceof GraphQLError && (!original || original instanceof GraphQLError)) {
          return error;
        }
        const described = describeError(original);
        if (described.unexpected) {
          logger.error({ err: original }, 'graphql field failed');
        }

        return new GraphQLError(described.body.error.message, {
          ...(error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : {}),
          extensions: { code: described.body.error.code },
        });
      },
    },
    plugins: [limitsPlugin],
  });

  // requestListener writes the answer to res; its server context is { req, res }.
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    await yoga.requestListener(req, res);
  };
};
