import type { Logger } from '../logger.ts';
import { GraphQLError } from './graphql-js.ts';

/** A failure as the service's own error mapping describes it: the machine code and a safe message. */
export type DescribedFailure = { code: string; message: string; unexpected: boolean };

/**
 * Yoga's `maskedErrors` option: GraphQL errors made on purpose pass as they are; anything else is
 * described by the service's mapping, so a resolver's DomainError keeps its code and an unexpected
 * failure is logged and answered without its internals.
 */
export const maskErrorsWith = (describe: (error: unknown) => DescribedFailure, logger: Logger) => ({
  maskError: (error: unknown): Error => {
    const original = error instanceof GraphQLError ? error.originalError : error;
    if (error instanceof GraphQLError && (!original || original instanceof GraphQLError)) {
      return error;
    }
    const described = describe(original);
    if (described.unexpected) {
      logger.error({ err: original }, 'graphql field failed');
    }

    return new GraphQLError(described.message, {
      ...(error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : {}),
      extensions: { code: described.code },
    });
  },
});
