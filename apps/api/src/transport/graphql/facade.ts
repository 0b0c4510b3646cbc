import { createReportingHandler } from '../../graphql-common/reporting-handler.ts';
import type { TransportServices } from '../context.ts';
import { transportErrors } from '../errors.ts';
import { createGraphqlContext, createViewerLookup, invalidTokenError, isStaffViewer, staffOnlyError } from './graphql-context.ts';
import { transportGraphqlSchema } from './schema.ts';

/**
 * The transport reporting endpoint at /graphql: operators, admins and platform administrators. No
 * token or an invalid one is 401, a user who is not staff 403, decided before the query is parsed.
 */
export const createTransportGraphqlHandler = (services: TransportServices) => {
  const viewerOf = createViewerLookup(services);

  return createReportingHandler({
    schema: transportGraphqlSchema,
    nodeEnv: services.env.NODE_ENV,
    logger: services.logger,
    context: (req) => createGraphqlContext(services, req, viewerOf),
    refusal: async ({ req }) => {
      const viewer = await viewerOf(req);
      if (!viewer) {
        return invalidTokenError();
      }

      return isStaffViewer(viewer) ? null : staffOnlyError();
    },
    describeError: transportErrors.describeForGraphql,
    graphiqlHeaders: { Authorization: 'Bearer ' },
  });
};
