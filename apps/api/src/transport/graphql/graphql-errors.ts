import { GraphQLError } from '../../graphql-common/graphql-js.ts';

/**
 * GraphQL errors carry the machine codes and the messages of the transport REST API
 * (`extensions.code`), so a tool handles one vocabulary whichever door it came through.
 * Yoga turns `http.status` into the response status and leaves it out of the body.
 */

export const unauthorizedError = (): GraphQLError =>
  new GraphQLError('Invalid token', { extensions: { code: 'unauthorized', http: { status: 401 } } });

export const forbiddenError = (): GraphQLError => new GraphQLError('Forbidden', { extensions: { code: 'forbidden', http: { status: 403 } } });

export const tenantNotFoundError = (): GraphQLError => new GraphQLError('Tenant not found', { extensions: { code: 'not_found' } });

export const invalidInputError = (message: string): GraphQLError => new GraphQLError(message, { extensions: { code: 'validation_error' } });
