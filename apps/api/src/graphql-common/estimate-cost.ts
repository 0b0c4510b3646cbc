import {
  getArgumentValues,
  getNamedType,
  isCompositeType,
  isObjectType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from './graphql-js.ts';
import type { CostHint } from './cost-hint.ts';
import { fragmentsOf } from './document-parts.ts';
import { introspectionSizes, isIntrospectionTypeName } from './introspection-sizes.ts';

const hintOf = (field: GraphQLField<unknown, unknown>): CostHint | undefined => (field.extensions as { cost?: CostHint } | undefined)?.cost;

/** The field a selection names: the type's own, or the schema's `__schema` and `__type` on the query root. */
const fieldOf = (schema: GraphQLSchema, parent: GraphQLObjectType, name: string): GraphQLField<unknown, unknown> | undefined => {
  if (parent === schema.getQueryType()) {
    if (name === SchemaMetaFieldDef.name) {
      return SchemaMetaFieldDef;
    }
    if (name === TypeMetaFieldDef.name) {
      return TypeMetaFieldDef;
    }
  }

  return parent.getFields()[name];
};

/**
 * A simple upper estimate of the rows a query can touch: a leaf costs 0, an object 1 plus its
 * selection, and a list `base + size x (1 + selection)` where size is the page size argument
 * given (`first` or `last`, the larger if both; clamped to what the resolver accepts) or the
 * list's assumed size. Skip and include directives are ignored, so the estimate never undercounts.
 * Introspection counts like data: its lists weigh what the schema holds (introspection-sizes.ts),
 * and `ofType` deeper than any type's wrappers weighs nothing, since it is always null there.
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
  const operation = input.operationName ? operations.find((candidate) => candidate.name?.value === input.operationName) : operations[0];
  const root = operation ? input.schema.getRootType(operation.operation) : undefined;
  if (!operation || !root) {
    return 0;
  }

  const sizes = introspectionSizes(input.schema);
  // A fragment weighs the same wherever it is spread on the same type at the same `ofType` depth,
  // so each is weighed once per such place and remembered: fragments that spread each other twice
  // at every level cost no more to weigh than to read.
  const fragmentCosts = new Map<string, number>();
  // Fragments being weighed, for the cycle guard (NoFragmentCycles reports the cycle itself).
  const open = new Set<string>();

  const fragmentCost = (fragment: FragmentDefinitionNode, parent: GraphQLObjectType, wrappers: number): number => {
    const name = fragment.name.value;
    const key = `${name}\u0000${parent.name}\u0000${wrappers}`;
    const known = fragmentCosts.get(key);
    if (known !== undefined) {
      return known;
    }
    if (open.has(name)) {
      return 0;
    }
    open.add(name);
    const cost = costOf(fragment.selectionSet, parent, wrappers);
    open.delete(name);
    fragmentCosts.set(key, cost);

    return cost;
  };

  /** `wrappers` counts the `ofType` steps taken to reach `parent` (introspection only). */
  const costOf = (selectionSet: SelectionSetNode, parent: GraphQLObjectType, wrappers = 0): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += costOf(selection.selectionSet, parent, wrappers);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        total += fragment ? fragmentCost(fragment, parent, wrappers) : 0;
        continue;
      }
      const field = fieldOf(input.schema, parent, selection.name.value);
      if (!field) {
        continue;
      }
      const introspection = isIntrospectionTypeName(parent.name);
      const unwrapped = introspection && field.name === 'ofType' ? wrappers + 1 : 0;
      if (unwrapped > sizes.maxWrappers) {
        continue;
      }
      const hint = hintOf(field);
      const named = getNamedType(field.type);
      const composite = isCompositeType(named);
      const inner = selection.selectionSet && isObjectType(named) ? costOf(selection.selectionSet, named, unwrapped) : 0;
      const base = hint?.base ?? (composite ? 1 : 0);
      let size = introspection ? sizes.lists[`${parent.name}.${field.name}`] : hint?.assumedSize;
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

  // Introspection lists weigh fractions (averages per parent); the total is rounded up.
  return Math.ceil(costOf(operation.selectionSet, root));
};
