import { GraphQLError } from '../../graphql-common/graphql-js.ts';

/**
 * GraphQL errors carry the same machine codes as the REST envelope (`extensions.code`), so a
 * staff tool handles one vocabulary whichever door it came through.
 */

export const forbiddenError = (): GraphQLError =>
  new GraphQLError('A valid staff key is required.', {
    // Yoga turns http.status into the response status and leaves it out of the body.
    extensions: { code: 'forbidden', http: { status: 403 } },
  });

export const invalidInputError = (message: string): GraphQLError =>
  new GraphQLError(message, { extensions: { code: 'validation_error' } });
