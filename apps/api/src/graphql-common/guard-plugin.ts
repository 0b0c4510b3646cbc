import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { GraphQLError } from './graphql-js.ts';
import { depthLimitRule } from './depth-limit-rule.ts';
import { estimateCost } from './estimate-cost.ts';
import { asksForIntrospection } from './introspection.ts';
import { GRAPHQL_REQUEST_LIMITS } from './request-limits.ts';

/**
 * Refusals that apply to a whole request. Depth is checked while validating; cost needs the
 * variables, so it is checked just before execution. `refusalFor` answers the error a caller
 * without access gets, or null when the caller may read.
 */
export const createGuardPlugin = <Context extends Record<string, unknown>>(refusalFor: (context: Context) => GraphQLError | null): Plugin<Context> => ({
  onValidate: ({ addValidationRule }) => {
    addValidationRule(depthLimitRule(GRAPHQL_REQUEST_LIMITS.maxDepth));
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
    const { maxCost } = GRAPHQL_REQUEST_LIMITS;
    if (estimate > maxCost) {
      setResultAndStopExecution({
        errors: [
          new GraphQLError(
            `The query's estimated cost is ${estimate}; at most ${maxCost} is allowed. Ask for smaller pages or fewer nested lists.`,
            { extensions: { code: 'query_too_costly', cost: estimate, maxCost, http: { status: 400 } } },
          ),
        ],
      });
    }
  },
});
