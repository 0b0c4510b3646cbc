import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from './graphql-js.ts';
import { fragmentsOf } from './document-parts.ts';

type Counts = { fields: number; aliases: number };

/**
 * Refuses an operation that selects more fields, or more aliases, than `limits` allow, counted
 * with its fragments spread out (each spread counts its fragment again), introspection included.
 * Aliases are how one query asks for the same thing a thousand times; the cost estimate weighs
 * what the fields return, this bounds the work of the query itself. A validation rule, so nothing
 * runs. Each fragment is counted once and remembered, so fragments that spread each other many
 * times cost no more to count than to read.
 */
export const documentSizeRule =
  (limits: { maxFields: number; maxAliases: number }) =>
  (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context.getDocument());
    const counted = new Map<string, Counts>();
    // Fragments being counted, for the cycle guard; one set, added to and taken from, not copied per step.
    const open = new Set<string>();

    const countFragment = (fragment: FragmentDefinitionNode): Counts => {
      const name = fragment.name.value;
      const known = counted.get(name);
      if (known) {
        return known;
      }
      // A fragment that spreads itself is left to the standard NoFragmentCycles rule.
      if (open.has(name)) {
        return { fields: 0, aliases: 0 };
      }
      open.add(name);
      const counts = countOf(fragment.selectionSet);
      open.delete(name);
      counted.set(name, counts);

      return counts;
    };

    const countOf = (selectionSet: SelectionSetNode): Counts => {
      const total: Counts = { fields: 0, aliases: 0 };
      for (const selection of selectionSet.selections) {
        let inner: Counts = { fields: 0, aliases: 0 };
        if (selection.kind === Kind.FIELD) {
          total.fields += 1;
          total.aliases += selection.alias ? 1 : 0;
          inner = selection.selectionSet ? countOf(selection.selectionSet) : inner;
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          inner = countOf(selection.selectionSet);
        } else {
          const fragment = fragments.get(selection.name.value);
          inner = fragment ? countFragment(fragment) : inner;
        }
        total.fields += inner.fields;
        total.aliases += inner.aliases;
      }

      return total;
    };

    return {
      OperationDefinition: (operation) => {
        const { fields, aliases } = countOf(operation.selectionSet);
        const problem =
          aliases > limits.maxAliases
            ? `The query uses ${aliases} aliases; at most ${limits.maxAliases} are allowed.`
            : fields > limits.maxFields
              ? `The query selects ${fields} fields, fragments spread out; at most ${limits.maxFields} are allowed.`
              : null;
        if (problem) {
          context.reportError(
            new GraphQLError(problem, {
              nodes: [operation],
              extensions: { code: 'query_too_large', fields, aliases, maxFields: limits.maxFields, maxAliases: limits.maxAliases },
            }),
          );
        }
      },
    };
  };
