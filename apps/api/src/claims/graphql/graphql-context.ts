import type { IncomingMessage } from 'node:http';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { secretsMatch } from '@switchyard/domain/claims/tokens';
import { createClaimsContext, type ClaimsContext, type ClaimsServices } from '../context.ts';
import { forbiddenError } from '../../graphql-common/graphql-errors.ts';
import { createLoaders, type Loaders } from './loaders.ts';

/** The REST envelope's refusal of a missing or wrong `X-Staff-Key`, answered with the same message here. */
export const staffKeyRequired = () => forbiddenError('A valid staff key is required.');

export type GraphqlContext = {
  /** The same context the tRPC procedures receive, so a report can call a procedure as it is. */
  claims: ClaimsContext;
  isStaff: boolean;
  /** One entity manager per request, shared by every resolver and loader of that request. */
  em: SqlEntityManager;
  loaders: Loaders;
  /** The service clock read once, so every report in one answer is as of the same instant. */
  now: Date;
};

/** The same constant-time check the REST and tRPC staff routes make, read from the request alone. */
export const hasStaffKey = (services: ClaimsServices, req: IncomingMessage): boolean => {
  const key = createClaimsContext(services, req).staffKeyHeader;

  return key !== null && secretsMatch(key, services.staffKey);
};

export const createGraphqlContext = (services: ClaimsServices, req: IncomingMessage): GraphqlContext => {
  const claims = createClaimsContext(services, req);
  // The request's one entity manager, the one the procedures a report calls use as well.
  const { em } = claims;

  return {
    claims,
    isStaff: hasStaffKey(services, req),
    em,
    loaders: createLoaders(em),
    now: services.now(),
  };
};
