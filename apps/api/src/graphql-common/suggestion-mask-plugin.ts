import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { GraphQLError, type ExecutionResult } from './graphql-js.ts';

/** graphql-js's suggestions: `Did you mean "routes"?`, `... "a", "b", or "c"?`, `... the enum value "NEW"?`. */
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

export const withoutSuggestions = (message: string): string => message.replace(SUGGESTION, '');

const masked = (error: GraphQLError): GraphQLError => {
  const message = withoutSuggestions(error.message);

  return message === error.message
    ? error
    : new GraphQLError(message, {
        nodes: error.nodes,
        source: error.source,
        positions: error.positions,
        path: error.path,
        originalError: error.originalError,
        extensions: error.extensions,
      });
};

const maskResult = (result: ExecutionResult): ExecutionResult =>
  result.errors ? { ...result, errors: result.errors.map(masked) } : result;

/**
 * Takes graphql-js's "Did you mean ..." suggestions out of every error message: they spell out the
 * schema's field, argument and enum names one guess at a time, which is what introspection, refused
 * without access and bounded with it, is meant to decide. Used in production; development keeps
 * them. Applied to the answer about to be sent, so validation errors and the variable errors raised
 * when executing are covered alike.
 */
export const createSuggestionMaskPlugin = (): Plugin => ({
  onResultProcess: ({ result, setResult }) => {
    if (isAsyncIterable(result)) {
      return;
    }
    setResult(Array.isArray(result) ? result.map(maskResult) : maskResult(result as ExecutionResult));
  },
});
