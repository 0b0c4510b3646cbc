import type { Plugin } from 'graphql-yoga';
import { GraphQLError, type ASTVisitor, type ValidationContext } from './graphql-js.ts';

/**
 * An operation type the schema does not have (a mutation on a read-only schema) is refused while
 * validating, so nothing runs; graphql-js on its own reports it only when executing.
 */
export const knownOperationTypeRule = (context: ValidationContext): ASTVisitor => ({
  OperationDefinition: (operation) => {
    if (!context.getSchema().getRootType(operation.operation)) {
      context.reportError(
        new GraphQLError(`This endpoint is read-only: it runs no ${operation.operation} operations.`, {
          nodes: [operation],
          extensions: { code: 'validation_error' },
        }),
      );
    }
  },
});

type HttpExtension = { spec?: boolean; status?: number };

/**
 * A request the server cannot run answers HTTP 400, whatever the Accept header: a body that is not
 * a GraphQL request, a document that does not parse or does not validate (depth included), or an
 * operation the schema lacks. Yoga marks those errors `spec`, which under application/json answers
 * them 200, as the GraphQL-over-HTTP specification allows for older clients; the marks are lifted
 * just before yoga derives the status from them.
 */
export const createBadRequestPlugin = (): Plugin => ({
  onValidate: ({ addValidationRule }) => {
    addValidationRule(knownOperationTypeRule);
  },
  onResultProcess: ({ result }) => {
    if (Array.isArray(result) || !('errors' in result)) {
      return;
    }
    for (const error of result.errors ?? []) {
      const http = (error.extensions as { http?: HttpExtension } | undefined)?.http;
      if (http?.spec && http.status === 400) {
        http.spec = false;
      }
    }
  },
});
