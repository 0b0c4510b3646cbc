import { createReportingHandler } from '../../graphql-common/reporting-handler.ts';
import type { ClaimsServices } from '../context.ts';
import { claimsErrors } from '../errors.ts';
import { createGraphqlContext, hasStaffKey, staffKeyRequired } from './graphql-context.ts';
import { claimsGraphqlSchema } from './schema.ts';

/** The claims reporting endpoint at /graphql: staff only, by the same key as the REST staff paths. */
export const createClaimsGraphqlHandler = (services: ClaimsServices) =>
  createReportingHandler({
    schema: claimsGraphqlSchema,
    nodeEnv: services.env.NODE_ENV,
    logger: services.logger,
    context: (req) => createGraphqlContext(services, req),
    refusal: ({ req }) => (hasStaffKey(services, req) ? null : staffKeyRequired()),
    describeError: claimsErrors.describeForGraphql,
    graphiqlHeaders: { 'X-Staff-Key': '' },
  });
