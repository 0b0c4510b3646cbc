import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { GraphQLError } from './graphql-js.ts';
import { oversizedAnswer } from './answer-size.ts';
import { depthLimitRule } from './depth-limit-rule.ts';
import { documentSizeRule } from './document-size-rule.ts';
import { estimateCost } from './estimate-cost.ts';
import { namesSchemaFields } from './introspection.ts';
import { GRAPHQL_REQUEST_LIMITS } from './request-limits.ts';
import { countTokensUpTo } from './token-count.ts';

type Limits = typeof GRAPHQL_REQUEST_LIMITS;

/**
 * The error a caller without access gets, or null when the caller may read. It receives yoga's
 * server context (the node request among it) and may be asynchronous (an identity provider).
 */
export type RefusalFor<ServerContext> = (serverContext: ServerContext) => GraphQLError | null | Promise<GraphQLError | null>;

/**
 * Refusals that apply to a whole request, in this order: the query's length in tokens (counted
 * before anything else, stopping at the first token too many); then access, still before the query
 * is parsed, so a caller without a key or token learns nothing of the schema (no validation
 * errors, no "Did you mean" suggestions) and costs no parse or validation; depth, fields and
 * aliases while validating; cost, which needs the variables, just before execution; the answer's
 * size once it is known. `limits` is for tests of the mechanism; the facades use the shared ones.
 */
export const createGuardPlugin = <ServerContext extends Record<string, unknown>>(
  refusalFor: RefusalFor<ServerContext>,
  limits: Limits = GRAPHQL_REQUEST_LIMITS,
): Plugin<Record<string, unknown>, ServerContext> => ({
  onParams: async ({ params, setResult, context }) => {
    const query = typeof params.query === 'string' ? params.query : '';
    if (countTokensUpTo(query, limits.maxTokens) > limits.maxTokens) {
      setResult({
        errors: [
          new GraphQLError(`The query is longer than ${limits.maxTokens} tokens; send a shorter query.`, {
            extensions: { code: 'query_too_large', maxTokens: limits.maxTokens, http: { status: 400 } },
          }),
        ],
      });

      return;
    }
    const refusal = await refusalFor(context as ServerContext);
    if (refusal) {
      // Nothing runs: a question about the schema gets no data at all, a question about data gets
      // `data: null`, the answers these refusals have always had.
      setResult(namesSchemaFields(query) ? { errors: [refusal] } : { data: null, errors: [refusal] });
    }
  },
  onValidate: ({ addValidationRule }) => {
    addValidationRule(depthLimitRule(limits.maxDepth));
    addValidationRule(documentSizeRule(limits));
  },
  onExecute: ({ args, setResultAndStopExecution }) => {
    const estimate = estimateCost({
      schema: args.schema,
      document: args.document,
      operationName: args.operationName,
      variables: args.variableValues,
    });
    const { maxCost } = limits;
    if (estimate > maxCost) {
      setResultAndStopExecution({
        errors: [
          new GraphQLError(
            `The query's estimated cost is ${estimate}; at most ${maxCost} is allowed. Ask for smaller pages or fewer nested lists.`,
            { extensions: { code: 'query_too_costly', cost: estimate, maxCost, http: { status: 400 } } },
          ),
        ],
      });

      return undefined;
    }

    return {
      onExecuteDone: ({ result, setResult }) => {
        if (isAsyncIterable(result)) {
          return;
        }
        const replacement = oversizedAnswer(result, limits.maxAnswerBytes);
        if (replacement) {
          setResult(replacement);
        }
      },
    };
  },
});
