import { GraphQLError } from './graphql-js.ts';

/**
 * The errors both reporting facades raise themselves. They carry the same machine codes as the
 * services' REST envelopes (`extensions.code`), so a tool handles one vocabulary whichever door it
 * came through; each service passes its own REST message. Yoga turns `http.status` into the
 * response status and leaves it out of the body.
 */

export const unauthorizedError = (message: string): GraphQLError =>
  new GraphQLError(message, { extensions: { code: 'unauthorized', http: { status: 401 } } });

export const forbiddenError = (message: string): GraphQLError =>
  new GraphQLError(message, { extensions: { code: 'forbidden', http: { status: 403 } } });

/** A named thing that does not exist: a field error beside the rest of the answer (200). */
export const notFoundError = (message: string): GraphQLError => new GraphQLError(message, { extensions: { code: 'not_found' } });

/** A bad argument value: a field error beside the rest of the answer (200). */
export const invalidInputError = (message: string): GraphQLError => new GraphQLError(message, { extensions: { code: 'validation_error' } });
