import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from './graphql-js.ts';
import { fragmentsOf, isIntrospectionField } from './document-parts.ts';

/**
 * Refuses documents nested deeper than `maxDepth`. Fragments are followed (a fragment that spreads
 * itself is left to the standard NoFragmentCycles rule). A validation rule, so nothing runs.
 *
 * Each fragment's depth is worked out once and remembered: a fragment does not nest deeper for
 * being spread twice. Without that, a document whose every fragment spreads the previous one
 * twice is walked 2^levels times, and 30 such levels in under a kilobyte hold the event loop for
 * hours. With it the rule reads each selection once, whatever the spreads.
 */
export const depthLimitRule =
  (maxDepth: number) =>
  (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context.getDocument());
    const fragmentDepths = new Map<string, number>();
    // Fragments being measured, for the cycle guard; one set, added to and taken from, not copied per step.
    const open = new Set<string>();

    const fragmentDepth = (fragment: FragmentDefinitionNode): number => {
      const name = fragment.name.value;
      const known = fragmentDepths.get(name);
      if (known !== undefined) {
        return known;
      }
      if (open.has(name)) {
        return 0;
      }
      open.add(name);
      const depth = depthOf(fragment.selectionSet);
      open.delete(name);
      fragmentDepths.set(name, depth);

      return depth;
    };

    const depthOf = (selectionSet: SelectionSetNode): number => {
      let deepest = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          if (isIntrospectionField(selection.name.value)) {
            continue;
          }
          deepest = Math.max(deepest, 1 + (selection.selectionSet ? depthOf(selection.selectionSet) : 0));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(selection.selectionSet));
        } else {
          const fragment = fragments.get(selection.name.value);
          deepest = Math.max(deepest, fragment ? fragmentDepth(fragment) : 0);
        }
      }

      return deepest;
    };

    return {
      OperationDefinition: (operation) => {
        const depth = depthOf(operation.selectionSet);
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
