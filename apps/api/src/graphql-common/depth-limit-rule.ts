import { GraphQLError, Kind, type ASTVisitor, type SelectionSetNode, type ValidationContext } from './graphql-js.ts';
import { fragmentsOf, isIntrospectionField } from './document-parts.ts';

/**
 * Refuses documents nested deeper than `maxDepth`. Fragments are followed (a fragment that spreads
 * itself is left to the standard NoFragmentCycles rule). A validation rule, so nothing runs.
 */
export const depthLimitRule =
  (maxDepth: number) =>
  (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context.getDocument());
    const depthOf = (selectionSet: SelectionSetNode, seen: Set<string>): number => {
      let deepest = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          if (isIntrospectionField(selection.name.value)) {
            continue;
          }
          deepest = Math.max(deepest, 1 + (selection.selectionSet ? depthOf(selection.selectionSet, seen) : 0));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(selection.selectionSet, seen));
        } else {
          const fragment = fragments.get(selection.name.value);
          if (fragment && !seen.has(fragment.name.value)) {
            deepest = Math.max(deepest, depthOf(fragment.selectionSet, new Set([...seen, fragment.name.value])));
          }
        }
      }

      return deepest;
    };

    return {
      OperationDefinition: (operation) => {
        const depth = depthOf(operation.selectionSet, new Set());
        if (depth > maxDepth) {
          context.reportError(
            new GraphQLError(`The query is nested ${depth} levels deep; at most ${maxDepth} are allowed.`, {
              nodes: [operation],
              extensions: { code: 'query_too_deep' },
            }),
          );
        }
      },
    };
  };
