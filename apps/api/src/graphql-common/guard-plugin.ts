import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { GraphQLError } from './graphql-js.ts';
import { oversizedAnswer } from './answer-size.ts';
import { depthLimitRule } from './depth-limit-rule.ts';
import { documentSizeRule } from './document-size-rule.ts';
import { estimateCost } from './estimate-cost.ts';
import { asksForIntrospection } from './introspection.ts';
import { GRAPHQL_REQUEST_LIMITS } from './request-limits.ts';
import { countTokensUpTo } from './token-count.ts';

type Limits = typeof GRAPHQL_REQUEST_LIMITS;

/**
 * Refusals that apply to a whole request. The query's length in tokens is checked before it is
 * parsed; depth, fields and aliases while validating; cost needs the variables, so it is checked
 * just before execution; the answer's size once it is known. `refusalFor` answers the error a
 * caller without access gets, or null when the caller may read. `limits` is for tests of the
 * mechanism; the facades use the shared ones.
 */
export const createGuardPlugin = <Context extends Record<string, unknown>>(
  refusalFor: (context: Context) => GraphQLError | null,
  limits: Limits = GRAPHQL_REQUEST_LIMITS,
): Plugin<Context> => ({
  onParams: ({ params, setResult }) => {
    if (typeof params.query === 'string' && countTokensUpTo(params.query, limits.maxTokens) > limits.maxTokens) {
      setResult({
        errors: [
          new GraphQLError(`The query is longer than ${limits.maxTokens} tokens; send a shorter query.`, {
            extensions: { code: 'query_too_large', maxTokens: limits.maxTokens, http: { status: 400 } },
          }),
        ],
      });
    }
  },
  onValidate: ({ addValidationRule }) => {
    addValidationRule(depthLimitRule(limits.maxDepth));
    addValidationRule(documentSizeRule(limits));
  },
  onExecute: ({ args, setResultAndStopExecution }) => {
    const refusal = refusalFor(args.contextValue as Context);
    if (refusal) {
      // Field scopes refuse every data field; the schema itself is refused here, where it is asked for.
      if (asksForIntrospection(args.document, args.operationName)) {
        setResultAndStopExecution({ errors: [refusal] });

        return undefined;
      }

      // A nullable root field answers null beside its error; without access no data goes out at all.
      return {
        onExecuteDone: ({ result, setResult }) => {
          if (isAsyncIterable(result)) {
            return;
          }
          setResult({ data: null, errors: result.errors ?? [refusal] });
        },
      };
    }
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
