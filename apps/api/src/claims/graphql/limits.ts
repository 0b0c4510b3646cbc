import {
  getArgumentValues,
  getNamedType,
  GraphQLError,
  isCompositeType,
  isObjectType,
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from './graphql-js.ts';
import type { CostHint } from './builder.ts';

/** What one GraphQL request may ask for. */
export const GRAPHQL_LIMITS = {
  /** Deepest field nesting, counted from the root field as 1. Introspection fields are not counted. */
  maxDepth: 8,
  /** Ceiling of the cost estimate; see estimateCost. */
  maxCost: 5000,
  /** Claims per page of `claims`. */
  maxPageSize: 100,
  defaultPageSize: 20,
  /** Claims listed under one client. */
  maxClientClaims: 25,
  defaultClientClaims: 10,
  /** Documents, notes or trail entries assumed per claim when estimating. */
  assumedChildren: 10,
  /** Points of a time series (days, weeks or months). */
  maxSeriesPoints: 120,
  /** Request body bytes; a query plus variables never needs more. */
  maxBodyBytes: 64 * 1024,
} as const;

const isIntrospectionField = (name: string) => name === '__schema' || name === '__type';

const fragmentsOf = (document: DocumentNode): Map<string, FragmentDefinitionNode> =>
  new Map(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );

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

const hintOf = (field: GraphQLField<unknown, unknown>): CostHint | undefined =>
  (field.extensions as { cost?: CostHint } | undefined)?.cost;

/**
 * A simple upper estimate of the rows a query can touch: a leaf costs 0, an object 1 plus its
 * selection, and a list `base + size x (1 + selection)` where size is the page size argument
 * given (`first` or `last`, the larger if both; clamped to what the resolver accepts) or the
 * list's assumed size. Skip and include directives are ignored, so the estimate never undercounts.
 */
export const estimateCost = (input: {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null | undefined;
  variables?: Record<string, unknown> | null | undefined;
}): number => {
  const fragments = fragmentsOf(input.document);
  const operations = input.document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = input.operationName
    ? operations.find((candidate) => candidate.name?.value === input.operationName)
    : operations[0];
  const root = operation ? input.schema.getRootType(operation.operation) : undefined;
  if (!operation || !root) {
    return 0;
  }

  const costOf = (selectionSet: SelectionSetNode, parent: GraphQLObjectType, seen: Set<string>): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += costOf(selection.selectionSet, parent, seen);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (fragment && !seen.has(fragment.name.value)) {
          total += costOf(fragment.selectionSet, parent, new Set([...seen, fragment.name.value]));
        }
        continue;
      }
      const field = parent.getFields()[selection.name.value];
      if (!field || isIntrospectionField(selection.name.value)) {
        continue;
      }
      const hint = hintOf(field);
      const named = getNamedType(field.type);
      const composite = isCompositeType(named);
      const inner = selection.selectionSet && isObjectType(named) ? costOf(selection.selectionSet, named, seen) : 0;
      const base = hint?.base ?? (composite ? 1 : 0);
      let size = hint?.assumedSize;
      if (hint?.sizeArguments && hint.sizeArguments.length > 0) {
        const args = getArgumentValues(field, selection, input.variables ?? undefined);
        const asked = hint.sizeArguments.map((name) => args[name]).filter((value): value is number => typeof value === 'number');
        size = asked.length > 0 ? Math.max(...asked) : hint.assumedSize;
      }
      if (size === undefined) {
        total += base + inner;
      } else {
        const clamped = Math.max(0, Math.min(size, hint?.maxSize ?? size));
        total += base + clamped * (1 + inner);
      }
    }

    return total;
  };

  return costOf(operation.selectionSet, root, new Set());
};

/** True when the operation asks for the schema itself. */
export const asksForIntrospection = (document: DocumentNode, operationName?: string | null): boolean => {
  const fragments = fragmentsOf(document);
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION && (!operationName || definition.name?.value === operationName),
  );
  const visit = (selectionSet: SelectionSetNode, seen: Set<string>): boolean =>
    selectionSet.selections.some((selection) => {
      if (selection.kind === Kind.FIELD) {
        return isIntrospectionField(selection.name.value);
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        return visit(selection.selectionSet, seen);
      }
      const fragment = fragments.get(selection.name.value);

      return !!fragment && !seen.has(fragment.name.value) && visit(fragment.selectionSet, new Set([...seen, fragment.name.value]));
    });

  return !!operation && visit(operation.selectionSet, new Set());
};
